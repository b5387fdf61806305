/**
 * Generates the demo artwork for the 12 built-in showcase items
 * (app/features/projects/fallback-projects.ts) as SVG files in public/images/projects/.
 *
 * Usage: node tools/artwork/generate-project-art.js
 *
 * Every image is an original abstract illustration: layered gradients, a
 * category motif, soft waves and the item title in the lower left. The
 * output is deterministic (a pseudo-random generator seeded from the slug),
 * self-contained (no external images, fonts or links) and kept under 6 KB.
 * No dependencies: plain Node.js. Keep ITEMS in sync with the fallback data.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hash, random } from "../../scripts/lib/seeded-random.js";

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public", "images", "projects");
const MAX_BYTES = 6 * 1024;
const W = 1200;
const H = 800;
const FONT = "Inter Variable, system-ui, sans-serif";

/** slug = file name (matches `image` in the fallback data), title = label text. */
const ITEMS = [
  {
    slug: "website-relaunch-physiopraxis",
    title: "Website-Relaunch Physiopraxis",
    category: "project",
  },
  {
    slug: "onlineshop-keramikmanufaktur",
    title: "Onlineshop Keramikmanufaktur",
    category: "project",
  },
  {
    slug: "lernportal-akademie",
    title: "Lernportal für eine Akademie",
    category: "project",
  },
  {
    slug: "e-book-digital-durchstarten",
    title: "E-Book „Digital durchstarten“",
    category: "product",
  },
  {
    slug: "onlinekurs-ki-im-arbeitsalltag",
    title: "Onlinekurs: KI im Arbeitsalltag",
    category: "product",
  },
  {
    slug: "website-starterkit",
    title: "Website-Starterkit",
    category: "product",
  },
  {
    slug: "coaching-programm-klarer-kurs",
    title: "Coaching-Programm „Klarer Kurs“",
    category: "service",
  },
  {
    slug: "website-betreuung",
    title: "Website-Betreuung",
    category: "service",
  },
  {
    slug: "digitales-business-kompakt",
    title: "Digitales Business kompakt",
    category: "magazine",
  },
  { slug: "ki-in-der-praxis", title: "KI in der Praxis", category: "magazine" },
  {
    slug: "digitalstrategie-workshop",
    title: "Digitalstrategie-Workshop",
    category: "consulting",
  },
  {
    slug: "ki-einfuehrung-fuer-teams",
    title: "KI-Einführung für Teams",
    category: "consulting",
  },
];

/** bg: dark → mid background stops; acc: accents (strong → light); ink: text colour. */
const PALETTES = {
  project: {
    label: "Projekt",
    bg: ["#1e1b4b", "#312e81", "#4c1d95"],
    acc: ["#6366f1", "#8b5cf6", "#a78bfa", "#c4b5fd"],
    ink: "#eef2ff",
  },
  product: {
    label: "Produkt",
    bg: ["#431407", "#7c2d12", "#9a3412"],
    acc: ["#f59e0b", "#f97316", "#fbbf24", "#fde68a"],
    ink: "#fffbeb",
  },
  service: {
    label: "Service",
    bg: ["#022c22", "#134e4a", "#065f46"],
    acc: ["#14b8a6", "#10b981", "#5eead4", "#a7f3d0"],
    ink: "#f0fdfa",
  },
  magazine: {
    label: "Magazin",
    bg: ["#4c0519", "#831843", "#9f1239"],
    acc: ["#f43f5e", "#ec4899", "#fda4af", "#fbcfe8"],
    ink: "#fff1f2",
  },
  consulting: {
    label: "Consulting",
    bg: ["#0f172a", "#1e293b", "#0c4a6e"],
    acc: ["#0ea5e9", "#38bdf8", "#94a3b8", "#bae6fd"],
    ink: "#f0f9ff",
  },
};

// ── Helpers ────────────────────────────────────────────────────────────────

const r = (n) => Math.round(n);
const o = (n) => String(Math.round(n * 100) / 100).replace(/^0\./, ".");

function esc(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Splits a title into one or two balanced lines. Breaks after a space or a
 * hyphen, prefers a break after a colon and never breaks inside „quotes“.
 */
function lines(title) {
  if (title.length <= 20) return [title];
  const parts = title.split(/(?<=[ -])/);
  let best = [title];
  let bestScore = Infinity;
  for (let i = 1; i < parts.length; i++) {
    const a = parts.slice(0, i).join("").trimEnd();
    const b = parts.slice(i).join("");
    if (a.includes("„") && !a.includes("“")) continue;
    const score = Math.max(a.length, b.length) - (a.endsWith(":") ? 6 : 0);
    if (score < bestScore) {
      bestScore = score;
      best = [a, b];
    }
  }
  return best;
}

/** Smooth wave from left to right, closed to the bottom edge. */
function wave(rnd, y0, amp, fill, opacity) {
  const seg = rnd.pick([240, 300, 400]);
  const dir = rnd.pick([-1, 1]);
  let d = `M0 ${r(y0)}Q${seg / 2} ${r(y0 - amp * dir)} ${seg} ${r(y0)}`;
  for (let x = seg * 2; x <= W; x += seg) d += `T${x} ${r(y0)}`;
  return `<path d="${d}V${H}H0Z" fill="${fill}" fill-opacity="${o(opacity)}"/>`;
}

// ── Category motifs (upper right area, clear of the title) ─────────────────

function browserWindows(rnd, p) {
  let out = "";
  const w = rnd.int(380, 440);
  const h = rnd.int(250, 290);
  const dx = rnd.int(50, 70);
  const dy = rnd.int(45, 60);
  const x0 = rnd.int(700, 740);
  const y0 = rnd.int(50, 70);
  for (let i = 0; i < 3; i++) {
    const x = x0 - i * dx;
    const y = y0 + i * dy;
    const front = i === 2;
    out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="${p.bg[0]}" fill-opacity="${front ? ".85" : ".5"}" stroke="${p.acc[i % 2]}" stroke-opacity=".6" stroke-width="2"/>`;
    out += `<path d="M${x} ${y + 42}h${w}" stroke="${p.acc[2]}" stroke-opacity=".3" stroke-width="2"/>`;
    for (let k = 0; k < 3; k++)
      out += `<circle cx="${x + 24 + k * 20}" cy="${y + 21}" r="6" fill="${p.acc[k + 1]}"/>`;
    if (front) {
      out += `<rect x="${x + 28}" y="${y + 70}" width="${r(w * rnd.float(0.5, 0.65))}" height="22" rx="11" fill="${p.acc[1]}"/>`;
      out += `<path d="M${x + 28} ${y + 118}h${r(w * 0.7)}M${x + 28} ${y + 140}h${r(w * 0.55)}" stroke="${p.acc[3]}" stroke-opacity=".45" stroke-width="8" stroke-linecap="round"/>`;
      const cw = (w - 56 - 32) / 3;
      for (let k = 0; k < 3; k++) {
        out += `<rect x="${r(x + 28 + k * (cw + 16))}" y="${y + 168}" width="${r(cw)}" height="${h - 196}" rx="10" fill="url(#w)" fill-opacity="${o(0.35 + k * 0.2)}"/>`;
      }
    }
  }
  return out;
}

function fannedCards(rnd, p) {
  let out = "";
  const cx = rnd.int(860, 920);
  const cy = rnd.int(250, 280);
  const spread = rnd.float(9, 13);
  for (let i = 0; i < 4; i++) {
    const a = r((i - 2) * spread + rnd.float(-3, 3));
    const front = i === 3;
    const fill = front ? "url(#w)" : p.acc[i % 2];
    out += `<g transform="rotate(${a} ${cx} ${cy + 160})"><rect x="${cx - 120}" y="${cy - 160}" width="240" height="320" rx="22" fill="${fill}" fill-opacity="${front ? "1" : o(0.25 + i * 0.15)}" stroke="${p.acc[3]}" stroke-opacity=".35" stroke-width="2"/>`;
    if (front) {
      out += `<circle cx="${cx}" cy="${cy - 40}" r="${rnd.int(52, 66)}" fill="${p.bg[0]}" fill-opacity=".3"/>`;
      out += `<path d="M${cx - 80} ${cy + 70}h160M${cx - 80} ${cy + 100}h${rnd.int(90, 130)}" stroke="${p.bg[0]}" stroke-opacity=".45" stroke-width="10" stroke-linecap="round"/>`;
    }
    out += "</g>";
  }
  out += `<circle cx="${cx + 150}" cy="${cy - 150}" r="38" fill="${p.acc[2]}"/><path d="M${cx + 133} ${cy - 150}l12 12 22-24" fill="none" stroke="${p.bg[0]}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`;
  return out;
}

function rings(rnd, p) {
  let out = "";
  const cx = rnd.int(860, 940);
  const cy = rnd.int(240, 280);
  for (let i = 0; i < 5; i++) {
    const rad = 55 + i * 50;
    const dash = i % 2 ? ` stroke-dasharray="${rnd.int(4, 10)} ${rnd.int(10, 20)}"` : "";
    out += `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="none" stroke="${p.acc[i % 3]}" stroke-opacity="${o(0.75 - i * 0.12)}" stroke-width="${i % 2 ? 3 : 2}"${dash}/>`;
    const ang = rnd.float(0, Math.PI * 2);
    out += `<circle cx="${r(cx + Math.cos(ang) * rad)}" cy="${r(cy + Math.sin(ang) * rad)}" r="${rnd.int(7, 13)}" fill="${p.acc[(i + 1) % 4]}"/>`;
  }
  out += `<circle cx="${cx}" cy="${cy}" r="34" fill="url(#w)"/>`;
  return out;
}

function pages(rnd, p) {
  let out = "";
  const tilt = rnd.int(-6, -2);
  const x0 = rnd.int(590, 620);
  const y0 = rnd.int(60, 80);
  out += `<g transform="rotate(${tilt} ${x0 + 260} ${y0 + 180})">`;
  for (let k = 0; k < 2; k++) {
    const x = x0 + k * 262;
    out += `<rect x="${x}" y="${y0}" width="250" height="350" rx="${k ? "4 16 16 4" : "16"}" fill="${p.ink}" fill-opacity="${k ? ".1" : ".14"}" stroke="${p.acc[2]}" stroke-opacity=".4" stroke-width="2"/>`;
    out += `<rect x="${x + 24}" y="${y0 + 28}" width="${rnd.int(150, 200)}" height="20" rx="10" fill="${p.acc[k]}"/>`;
    const imgH = rnd.int(90, 130);
    out += `<rect x="${x + 24}" y="${y0 + 66}" width="202" height="${imgH}" rx="10" fill="url(#w)" fill-opacity=".75"/>`;
    out += `<circle cx="${x + rnd.int(70, 180)}" cy="${y0 + 66 + r(imgH / 2)}" r="${r(imgH / 4)}" fill="${p.bg[0]}" fill-opacity=".35"/>`;
    let d = "";
    for (let y = y0 + 66 + imgH + 28; y < y0 + 330; y += 22) d += `M${x + 24} ${y}h${rnd.int(120, 200)}`;
    out += `<path d="${d}" stroke="${p.acc[3]}" stroke-opacity=".5" stroke-width="7" stroke-linecap="round"/>`;
  }
  return out + "</g>";
}

function chart(rnd, p) {
  let out = "";
  const x0 = 640;
  const x1 = 1110;
  const base = 440;
  const n = 7;
  const step = (x1 - x0) / (n - 1);
  const pts = [];
  for (let i = 0; i < n; i++) {
    const trend = base - 70 - (i / (n - 1)) * 250;
    pts.push([r(x0 + i * step), r(Math.max(100, trend + rnd.float(-35, 35)))]);
  }
  let guides = "";
  for (let y = base; y > 80; y -= 90) guides += `M${x0 - 30} ${y}H${x1 + 30}`;
  out += `<path d="${guides}" stroke="${p.acc[2]}" stroke-opacity=".25" stroke-width="2" stroke-dasharray="6 10"/>`;
  for (const [x, y] of pts) {
    const top = r(y + rnd.float(20, 70));
    out += `<rect x="${x - 18}" y="${top}" width="36" height="${base - top}" rx="8" fill="${p.acc[0]}" fill-opacity=".22"/>`;
  }
  const line = pts.map(([x, y], i) => `${i ? "L" : "M"}${x} ${y}`).join("");
  out += `<path d="${line}V${base}H${x0}Z" fill="url(#w)" fill-opacity=".25"/>`;
  out += `<path d="${line}" fill="none" stroke="${p.acc[1]}" stroke-width="5" stroke-linejoin="round"/>`;
  for (const [x, y] of pts)
    out += `<circle cx="${x}" cy="${y}" r="9" fill="${p.bg[0]}" stroke="${p.acc[3]}" stroke-width="4"/>`;
  return out;
}

const MOTIFS = {
  project: browserWindows,
  product: fannedCards,
  service: rings,
  magazine: pages,
  consulting: chart,
};

/** A few small shapes scattered over the upper left for texture. */
function sparks(rnd, p) {
  let out = "";
  for (let i = 0; i < 7; i++) {
    const x = rnd.int(60, 600);
    const y = rnd.int(50, 420);
    const c = rnd.pick(p.acc);
    const op = o(rnd.float(0.25, 0.6));
    const kind = rnd.int(0, 2);
    if (kind === 0)
      out += `<circle cx="${x}" cy="${y}" r="${rnd.int(3, 8)}" fill="${c}" fill-opacity="${op}"/>`;
    else if (kind === 1)
      out += `<path d="M${x - 9} ${y}h18M${x} ${y - 9}v18" stroke="${c}" stroke-opacity="${op}" stroke-width="3" stroke-linecap="round"/>`;
    else
      out += `<path d="M${x} ${y - 11}l11 19h-22z" fill="none" stroke="${c}" stroke-opacity="${op}" stroke-width="2.5" stroke-linejoin="round"/>`;
  }
  return out;
}

// ── The picture ────────────────────────────────────────────────────────────

function svg(item) {
  const p = PALETTES[item.category];
  const rnd = random(hash(item.slug));
  const [a0, a1] = [rnd.pick([p.acc[0], p.acc[1]]), rnd.pick([p.acc[2], p.acc[1]])];
  const grid = rnd.int(36, 56);

  const defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="${o(rnd.float(0.6, 1))}" y2="1">` +
    `<stop offset="0" stop-color="${p.bg[0]}"/><stop offset="${o(rnd.float(0.45, 0.6))}" stop-color="${p.bg[1]}"/><stop offset="1" stop-color="${p.bg[2]}"/></linearGradient>` +
    `<radialGradient id="g1"><stop offset="0" stop-color="${a0}" stop-opacity=".7"/><stop offset="1" stop-color="${a0}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="g2"><stop offset="0" stop-color="${a1}" stop-opacity=".45"/><stop offset="1" stop-color="${a1}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.acc[0]}"/><stop offset="1" stop-color="${p.acc[3]}"/></linearGradient>` +
    `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg[0]}" stop-opacity="0"/><stop offset="1" stop-color="${p.bg[0]}" stop-opacity=".9"/></linearGradient>` +
    `<pattern id="grid" width="${grid}" height="${grid}" patternUnits="userSpaceOnUse"><path d="M${grid} 0H0V${grid}" fill="none" stroke="${p.ink}" stroke-opacity=".07"/></pattern>`;

  const glows =
    `<circle cx="${rnd.int(700, 1100)}" cy="${rnd.int(120, 360)}" r="${rnd.int(340, 460)}" fill="url(#g1)"/>` +
    `<circle cx="${rnd.int(80, 420)}" cy="${rnd.int(80, 300)}" r="${rnd.int(260, 360)}" fill="url(#g2)"/>`;

  const waves =
    wave(rnd, rnd.int(540, 580), rnd.int(25, 45), "url(#w)", 0.16) +
    wave(rnd, rnd.int(610, 650), rnd.int(20, 40), p.acc[1], 0.14) +
    wave(rnd, rnd.int(680, 710), rnd.int(15, 30), p.bg[0], 0.35);

  const titleLines = lines(item.title);
  const longest = Math.max(...titleLines.map((line) => line.length));
  const size = Math.min(84, Math.floor(1040 / (longest * 0.58)));
  const lead = Math.round(size * 1.08);
  const lastY = 712;
  const firstY = lastY - (titleLines.length - 1) * lead;
  const tspans = titleLines
    .map((line, i) => `<tspan x="80" y="${firstY + i * lead}">${esc(line)}</tspan>`)
    .join("");
  const kickerY = firstY - size - 8;

  const text =
    `<rect x="80" y="${kickerY - 9}" width="40" height="5" rx="2.5" fill="${p.acc[2]}"/>` +
    `<text x="136" y="${kickerY}" fill="${p.acc[3]}" font-family="${FONT}" font-size="22" font-weight="600" letter-spacing="5">${esc(p.label.toUpperCase())}</text>` +
    `<text fill="${p.ink}" font-family="${FONT}" font-size="${size}" font-weight="700" letter-spacing="-1">${tspans}</text>`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img">` +
    `<title>${esc(item.title)}</title><defs>${defs}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#grid)"/>` +
    glows +
    sparks(rnd, p) +
    MOTIFS[item.category](rnd, p) +
    waves +
    `<rect y="400" width="${W}" height="400" fill="url(#fade)"/>` +
    text +
    "</svg>\n"
  );
}

mkdirSync(OUT_DIR, { recursive: true });
let failed = false;
for (const item of ITEMS) {
  const content = svg(item);
  const bytes = Buffer.byteLength(content, "utf8");
  writeFileSync(join(OUT_DIR, `${item.slug}.svg`), content);
  const flag = bytes < MAX_BYTES ? "ok" : "TOO LARGE";
  if (bytes >= MAX_BYTES) failed = true;
  console.log(`${item.slug}.svg  ${bytes} B  ${flag}`);
}
if (failed) {
  console.error(`At least one file is ${MAX_BYTES} bytes or larger.`);
  process.exitCode = 1;
}
