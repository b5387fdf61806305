/**
 * Generates the illustrations of the service pages (app/content/services/*.ts)
 * as SVG files in public/images/services/.
 *
 * Usage: node tools/artwork/generate-service-art.js
 *
 * Every image is an original abstract illustration, 1200×800, on a light
 * background: soft brand-coloured glows, a dotted texture, a few scattered
 * shapes and one geometric motif per topic (browser window, code brackets,
 * funnel, gears …). Palette: indigo/violet brand colours with teal, amber and
 * slate accents. The images contain no text, so the German alt texts in the
 * content files describe them. The output is deterministic (a pseudo-random
 * generator seeded from the file name), self-contained (no external images,
 * fonts or links) and every file stays below 8 KB. No dependencies: plain
 * Node.js. Keep the names in MOTIFS in sync with the `src` paths the service
 * pages use.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hash, random } from "../../scripts/lib/seeded-random.js";

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public", "images", "services");
const MAX_BYTES = 8 * 1024;
const W = 1200;
const H = 800;

const C = {
  indigo: "#4338ca",
  violet: "#6d28d9",
  indigoL: "#818cf8",
  violetL: "#a78bfa",
  indigoXL: "#c7d2fe",
  violetXL: "#ddd6fe",
  teal: "#0d9488",
  tealL: "#5eead4",
  amber: "#f59e0b",
  amberL: "#fcd34d",
  ink: "#1e293b",
  slate: "#475569",
  slateM: "#94a3b8",
  slateL: "#e2e8f0",
  white: "#ffffff",
  bg0: "#f8fafc",
  bg1: "#eef2ff",
};

// ── Helpers ────────────────────────────────────────────────────────────────

const r = (n) => Math.round(n);
const o = (n) => String(Math.round(n * 100) / 100).replace(/^0\./, ".");

/** Rounded bars standing in for lines of text. */
function bars(x, y, widths, gap, color, width = 10, opacity = 1) {
  const d = widths.map((w, i) => `M${r(x)} ${r(y + i * gap)}h${r(w)}`).join("");
  return `<path d="${d}" stroke="${color}" stroke-opacity="${o(opacity)}" stroke-width="${width}" stroke-linecap="round"/>`;
}

/** A round badge with a white check mark. */
function check(cx, cy, rad, fill) {
  const s = rad / 40;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${fill}"/>` +
    `<path d="M${r(cx - 17 * s)} ${r(cy + 1 * s)}l${r(11 * s)} ${r(11 * s)} ${r(22 * s)}-${r(24 * s)}" fill="none" stroke="${C.white}" stroke-width="${r(7 * s)}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** Mouse pointer with its tip at (x, y). */
function cursor(x, y) {
  return `<path d="M${x} ${y}l0 58 15-14 11 25 12-6-11-24 21-1z" fill="${C.ink}" stroke="${C.white}" stroke-width="4" stroke-linejoin="round"/>`;
}

/** A simple person: head and shoulders. */
function person(cx, cy, s, fill) {
  return (
    `<circle cx="${r(cx)}" cy="${r(cy - 22 * s)}" r="${r(20 * s)}" fill="${fill}"/>` +
    `<path d="M${r(cx - 36 * s)} ${r(cy + 42 * s)}a${r(36 * s)} ${r(36 * s)} 0 0 1 ${r(72 * s)} 0z" fill="${fill}"/>`
  );
}

/** Gear outline with `teeth` teeth, as one path plus the hub. */
function gear(cx, cy, rad, teeth, rot, fill) {
  const inner = rad * 0.8;
  const step = (Math.PI * 2) / teeth;
  const pts = [];
  for (let i = 0; i < teeth; i++) {
    const a = rot + i * step;
    for (const [f, rr] of [
      [-0.27, inner],
      [-0.15, rad],
      [0.15, rad],
      [0.27, inner],
    ])
      pts.push(`${r(cx + Math.cos(a + f * step) * rr)} ${r(cy + Math.sin(a + f * step) * rr)}`);
  }
  return (
    `<path d="M${pts.join("L")}Z" fill="${fill}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r(rad * 0.42)}" fill="${C.white}" fill-opacity=".9"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r(rad * 0.18)}" fill="${fill}"/>`
  );
}

// ── Motifs (centred on the canvas) ─────────────────────────────────────────

const MOTIFS = {
  /** Browser window with a page wireframe. */
  webdesign(rnd) {
    const x = 270;
    const y = 150;
    let out = `<rect x="${x}" y="${y}" width="660" height="460" rx="26" fill="${C.white}" stroke="${C.slateL}" stroke-width="3"/>`;
    out += `<path d="M${x} ${y + 56}h660" stroke="${C.slateL}" stroke-width="3"/>`;
    out += [C.amber, C.tealL, C.violetL]
      .map((c, k) => `<circle cx="${x + 32 + k * 24}" cy="${y + 28}" r="8" fill="${c}"/>`)
      .join("");
    out += `<rect x="${x + 130}" y="${y + 16}" width="380" height="24" rx="12" fill="${C.bg1}"/>`;
    out += `<rect x="${x + 32}" y="${y + 84}" width="596" height="170" rx="16" fill="url(#b)"/>`;
    out += bars(x + 64, y + 130, [rnd.int(200, 260), rnd.int(140, 190)], 34, C.white, 16, 0.9);
    out += `<rect x="${x + 64}" y="${y + 200}" width="120" height="30" rx="15" fill="${C.amber}"/>`;
    out += `<circle cx="${x + 520}" cy="${y + 170}" r="52" fill="${C.white}" fill-opacity=".2"/>`;
    for (let k = 0; k < 3; k++) {
      const cx = x + 32 + k * 204;
      out += `<rect x="${cx}" y="${y + 280}" width="188" height="150" rx="14" fill="${C.bg0}" stroke="${C.slateL}" stroke-width="2"/>`;
      out += `<circle cx="${cx + 34}" cy="${y + 318}" r="16" fill="${[C.tealL, C.violetXL, C.amberL][k]}"/>`;
      out += bars(cx + 20, y + 364, [rnd.int(110, 148), rnd.int(70, 120)], 24, C.slateM, 8, 0.6);
    }
    return out + cursor(x + 600, y + 380);
  },

  /** Dark code editor and a badge with code brackets. */
  development(rnd) {
    const x = 280;
    const y = 160;
    let out = `<rect x="${x}" y="${y}" width="600" height="430" rx="24" fill="${C.ink}"/>`;
    out += [C.amber, C.tealL, C.violetL]
      .map((c, k) => `<circle cx="${x + 30 + k * 22}" cy="${y + 28}" r="7" fill="${c}"/>`)
      .join("");
    const colors = [C.violetL, C.tealL, C.indigoL, C.amberL, C.slateM];
    for (let i = 0; i < 10; i++) {
      const indent = [0, 1, 2, 2, 1, 2, 3, 2, 1, 0][i] * 34;
      let cx = x + 70 + indent;
      const cy = y + 84 + i * 32;
      out += `<path d="M${x + 30} ${cy}h12" stroke="${C.slate}" stroke-width="6" stroke-linecap="round"/>`;
      for (let k = 0; k < rnd.int(1, 3); k++) {
        const w = rnd.int(40, 130);
        out += `<path d="M${cx} ${cy}h${w}" stroke="${rnd.pick(colors)}" stroke-width="10" stroke-linecap="round"/>`;
        cx += w + 26;
      }
    }
    out += `<circle cx="860" cy="560" r="112" fill="url(#b)"/><circle cx="860" cy="560" r="128" fill="none" stroke="${C.violetXL}" stroke-width="4"/>`;
    out += `<path d="M826 518l-42 42 42 42M894 518l42 42-42 42M878 504l-36 112" fill="none" stroke="${C.white}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>`;
    return out;
  },

  /** Funnel of narrowing bands with leads dropping in. */
  funnel(rnd) {
    let out = "";
    const fills = ["url(#b)", C.violet, C.indigoL, C.teal];
    for (let i = 0; i < 4; i++) {
      const top = 250 + i * 92;
      const w0 = 600 - i * 130;
      const w1 = w0 - 130;
      out += `<path d="M${600 - w0 / 2} ${top}H${600 + w0 / 2}L${600 + w1 / 2} ${top + 76}H${600 - w1 / 2}Z" fill="${fills[i]}" fill-opacity="${o(1 - i * 0.08)}"/>`;
      out += `<path d="M${600 - w0 / 2 + 40} ${top + 20}h${r(w0 * 0.3)}" stroke="${C.white}" stroke-opacity=".45" stroke-width="8" stroke-linecap="round"/>`;
    }
    out += `<path d="M560 618h80v40h-80z" fill="${C.teal}"/>`;
    out += `<circle cx="600" cy="712" r="30" fill="${C.amber}"/><circle cx="600" cy="712" r="14" fill="${C.amberL}"/>`;
    const palette = [C.indigo, C.violetL, C.tealL, C.amber, C.slateM];
    for (let i = 0; i < 16; i++) {
      const cx = rnd.int(330, 870);
      const cy = rnd.int(110, 220);
      out += `<circle cx="${cx}" cy="${cy}" r="${rnd.int(7, 14)}" fill="${rnd.pick(palette)}" fill-opacity="${o(rnd.float(0.55, 1))}"/>`;
    }
    return out;
  },

  /** A long landing page with a call-to-action button and a form card. */
  landingpage(rnd) {
    let out = `<rect x="470" y="100" width="380" height="600" rx="24" fill="${C.white}" stroke="${C.slateL}" stroke-width="3"/>`;
    out += `<rect x="498" y="130" width="324" height="200" rx="16" fill="url(#b)"/>`;
    out += bars(530, 186, [rnd.int(200, 250), rnd.int(150, 200)], 32, C.white, 16, 0.9);
    out += `<rect x="530" y="262" width="150" height="40" rx="20" fill="${C.amber}"/>`;
    for (let i = 0; i < 3; i++) {
      const y = 372 + i * 62;
      out += check(520, y, 16, C.teal);
      out += bars(552, y - 6, [rnd.int(170, 250), rnd.int(110, 180)], 16, C.slateM, 7, 0.6);
    }
    out += `<rect x="498" y="572" width="324" height="100" rx="14" fill="${C.bg1}"/>`;
    out +=
      `<circle cx="540" cy="622" r="24" fill="${C.violetXL}"/>` +
      bars(582, 608, [200, 150], 26, C.indigoL, 8, 0.7);
    out += `<rect x="280" y="300" width="220" height="250" rx="20" fill="${C.white}" stroke="${C.indigoXL}" stroke-width="3"/>`;
    for (let k = 0; k < 3; k++)
      out += `<rect x="304" y="${332 + k * 56}" width="172" height="38" rx="10" fill="${C.bg0}" stroke="${C.slateL}" stroke-width="2"/>`;
    out += `<rect x="304" y="500" width="172" height="30" rx="15" fill="${C.teal}"/>`;
    return out + cursor(640, 284);
  },

  /** Shopping bag with a price tag and products around it. */
  shop(rnd) {
    let out = `<path d="M520 300v-40a80 80 0 0 1 160 0v40" fill="none" stroke="${C.indigo}" stroke-width="18" stroke-linecap="round"/>`;
    out += `<path d="M410 290h380l34 370a24 24 0 0 1-24 26H400a24 24 0 0 1-24-26z" fill="url(#b)"/>`;
    out += `<path d="M430 320h340" stroke="${C.white}" stroke-opacity=".25" stroke-width="10" stroke-linecap="round"/>`;
    out += `<circle cx="520" cy="336" r="10" fill="${C.white}" fill-opacity=".8"/><circle cx="680" cy="336" r="10" fill="${C.white}" fill-opacity=".8"/>`;
    out += `<path d="M560 470l40-40 40 40-40 40z" fill="${C.white}" fill-opacity=".3"/>`;
    out += `<g transform="rotate(-14 760 520)"><path d="M720 470h100a10 10 0 0 1 10 10v80a10 10 0 0 1-10 10H720l-34-50z" fill="${C.amber}"/><circle cx="712" cy="520" r="9" fill="${C.white}"/></g>`;
    const boxes = [
      [250, 420, 110, C.tealL],
      [280, 560, 80, C.violetXL],
      [870, 300, 90, C.indigoXL],
    ];
    for (const [bx, by, s, c] of boxes) {
      out += `<rect x="${bx}" y="${by}" width="${s}" height="${s}" rx="14" fill="${c}" transform="rotate(${rnd.int(-12, 12)} ${bx + s / 2} ${by + s / 2})"/>`;
      out += `<path d="M${bx + s / 2} ${by}v${s}" stroke="${C.white}" stroke-opacity=".7" stroke-width="8"/>`;
    }
    out += `<path d="M900 190l9 20 22 3-16 15 4 22-19-11-19 11 4-22-16-15 22-3z" fill="${C.amber}"/>`;
    return out;
  },

  /** Credit cards, coins and a confirmation badge. */
  payment() {
    let out = `<g transform="rotate(-10 620 420)"><rect x="380" y="250" width="460" height="280" rx="28" fill="${C.teal}" fill-opacity=".85"/></g>`;
    out += `<rect x="340" y="300" width="460" height="280" rx="28" fill="url(#b)"/>`;
    out += `<rect x="340" y="350" width="460" height="44" fill="${C.ink}" fill-opacity=".35"/>`;
    out += `<rect x="384" y="424" width="70" height="52" rx="10" fill="${C.amberL}"/><path d="M384 450h70M418 424v52" stroke="${C.amber}" stroke-width="3"/>`;
    out += `<path d="M486 436a24 24 0 0 1 0 28M502 426a40 40 0 0 1 0 48" fill="none" stroke="${C.white}" stroke-opacity=".7" stroke-width="5" stroke-linecap="round"/>`;
    out += `<path d="M384 530h80M490 530h80M596 530h80" stroke="${C.white}" stroke-opacity=".6" stroke-width="10" stroke-linecap="round"/>`;
    out += `<circle cx="724" cy="528" r="26" fill="${C.amber}" fill-opacity=".9"/><circle cx="752" cy="528" r="26" fill="${C.amberL}" fill-opacity=".9"/>`;
    for (let i = 0; i < 4; i++)
      out += `<ellipse cx="300" cy="${620 - i * 26}" rx="62" ry="20" fill="${i % 2 ? C.amberL : C.amber}" stroke="${C.white}" stroke-width="3"/>`;
    out += check(850, 270, 58, C.teal);
    return out;
  },

  /** Network of connected nodes around a hub. */
  portal(rnd) {
    const nodes = [];
    for (let i = 0; i < 7; i++) {
      const a = (i / 7) * Math.PI * 2 + rnd.float(-0.2, 0.2);
      const rad = rnd.int(190, 250);
      nodes.push([r(600 + Math.cos(a) * rad * 1.25), r(410 + Math.sin(a) * rad)]);
    }
    const outer = nodes.map(([x, y]) => {
      const a = Math.atan2(y - 410, x - 600) + rnd.float(-0.5, 0.5);
      return [r(x + Math.cos(a) * 110), r(y + Math.sin(a) * 80)];
    });
    let d = nodes.map(([x, y]) => `M600 410L${x} ${y}`).join("");
    d += nodes.map(([x, y], i) => `M${x} ${y}L${nodes[(i + 1) % 7][0]} ${nodes[(i + 1) % 7][1]}`).join("");
    d += outer.map(([x, y], i) => (i % 2 ? "" : `M${nodes[i][0]} ${nodes[i][1]}L${x} ${y}`)).join("");
    let out = `<path d="${d}" stroke="${C.indigoL}" stroke-opacity=".55" stroke-width="4"/>`;
    const fills = [C.teal, C.amber, C.violet, C.indigoL];
    outer.forEach(([x, y], i) => {
      if (i % 2 === 0)
        out += `<circle cx="${x}" cy="${y}" r="14" fill="${C.white}" stroke="${C.slateM}" stroke-width="4"/>`;
    });
    nodes.forEach(([x, y], i) => {
      out += `<circle cx="${x}" cy="${y}" r="${rnd.int(28, 38)}" fill="${fills[i % 4]}"/><circle cx="${x}" cy="${y}" r="11" fill="${C.white}" fill-opacity=".85"/>`;
    });
    out += `<circle cx="600" cy="410" r="96" fill="${C.violetXL}" fill-opacity=".6"/><circle cx="600" cy="410" r="70" fill="url(#b)"/>`;
    out += `<rect x="568" y="386" width="64" height="48" rx="8" fill="none" stroke="${C.white}" stroke-width="7"/><path d="M568 402h64" stroke="${C.white}" stroke-width="6"/>`;
    return out;
  },

  /** People in a circle around a group of three. */
  community(rnd) {
    let out = `<circle cx="600" cy="410" r="250" fill="none" stroke="${C.indigoXL}" stroke-width="4" stroke-dasharray="10 14"/>`;
    out += `<circle cx="600" cy="410" r="170" fill="${C.white}" fill-opacity=".7"/>`;
    const fills = [C.teal, C.amber, C.violetL, C.indigoL, C.tealL, C.violet];
    for (let i = 0; i < 6; i++) {
      const a = -Math.PI / 2 + (i + 0.5) * ((Math.PI * 2) / 6) + rnd.float(-0.1, 0.1);
      const x = 600 + Math.cos(a) * 250;
      const y = 410 + Math.sin(a) * 250;
      out += `<circle cx="${r(x)}" cy="${r(y)}" r="50" fill="${C.white}" stroke="${C.slateL}" stroke-width="3"/>`;
      out += person(x, y + 4, 0.75, fills[i]);
    }
    out += person(510, 450, 1.5, C.indigoL) + person(690, 450, 1.5, C.teal) + person(600, 420, 1.9, C.violet);
    out += `<path d="M600 238c-14-18-44-10-40 14 4 20 40 36 40 36s36-16 40-36c4-24-26-32-40-14z" fill="${C.amber}"/>`;
    return out;
  },

  /** Graduation cap above a stack of books. */
  academy() {
    let out = "";
    const books = [
      [380, 560, 440, C.indigo],
      [410, 500, 390, C.teal],
      [370, 440, 420, C.violetL],
    ];
    for (const [x, y, w, c] of books) {
      out += `<rect x="${x}" y="${y}" width="${w}" height="56" rx="10" fill="${c}"/>`;
      out += `<rect x="${x + w - 60}" y="${y + 10}" width="48" height="36" rx="4" fill="${C.white}" fill-opacity=".85"/>`;
      out += `<path d="M${x + 30} ${y + 28}h${w - 140}" stroke="${C.white}" stroke-opacity=".4" stroke-width="6" stroke-linecap="round"/>`;
    }
    out += `<path d="M470 300v90c0 30 260 30 260 0v-90z" fill="${C.ink}"/>`;
    out += `<path d="M600 170l300 110-300 110-300-110z" fill="url(#b)"/>`;
    out += `<path d="M600 205l190 72-190 70-190-70z" fill="${C.white}" fill-opacity=".12"/>`;
    out += `<path d="M600 280L820 330v110" fill="none" stroke="${C.amber}" stroke-width="7" stroke-linecap="round"/>`;
    out += `<circle cx="600" cy="280" r="14" fill="${C.amber}"/><path d="M808 440h24l10 60h-44z" fill="${C.amber}"/>`;
    return out;
  },

  /** Calendar page with marked days and a live signal. */
  events(rnd) {
    const x = 340;
    const y = 170;
    let out = `<rect x="${x}" y="${y}" width="520" height="470" rx="28" fill="${C.white}" stroke="${C.slateL}" stroke-width="3"/>`;
    out += `<path d="M${x} ${y + 110}V${y + 28}a28 28 0 0 1 28-28h464a28 28 0 0 1 28 28v82z" fill="url(#b)"/>`;
    for (const cx of [x + 120, x + 400])
      out += `<rect x="${cx - 12}" y="${y - 34}" width="24" height="70" rx="12" fill="${C.ink}"/>`;
    const marked = new Map([
      [rnd.int(2, 6), C.amber],
      [rnd.int(9, 13), C.teal],
      [rnd.int(16, 20), C.violet],
      [rnd.int(23, 27), C.amber],
    ]);
    for (let i = 0; i < 28; i++) {
      const cx = x + 56 + (i % 7) * 68;
      const cy = y + 160 + Math.floor(i / 7) * 76;
      const c = marked.get(i);
      out += c
        ? `<circle cx="${cx}" cy="${cy}" r="24" fill="${c}"/>`
        : `<rect x="${cx - 16}" y="${cy - 16}" width="32" height="32" rx="8" fill="${C.bg1}"/>`;
    }
    out += `<circle cx="880" cy="600" r="70" fill="${C.teal}"/><circle cx="880" cy="600" r="18" fill="${C.white}"/>`;
    out += `<path d="M850 570a42 42 0 0 0 0 60M910 570a42 42 0 0 1 0 60" fill="none" stroke="${C.white}" stroke-width="7" stroke-linecap="round"/>`;
    return out;
  },

  /** Isometric stack of four layers. */
  technology() {
    let out = "";
    const tops = ["#e0e7ff", C.tealL, C.violetL, "url(#b)"];
    const lefts = [C.indigoL, C.teal, C.violet, C.indigo];
    const rights = [C.indigoXL, "#14b8a6", "#8b5cf6", "#3730a3"];
    for (let i = 0; i < 4; i++) {
      const cy = 560 - i * 96;
      const w = 460;
      const h = 230;
      const t = 30;
      out += `<path d="M${600 - w / 2} ${cy}L600 ${cy + h / 2}v${t}L${600 - w / 2} ${cy + t}z" fill="${lefts[i]}"/>`;
      out += `<path d="M${600 + w / 2} ${cy}L600 ${cy + h / 2}v${t}L${600 + w / 2} ${cy + t}z" fill="${rights[i]}"/>`;
      out += `<path d="M600 ${cy - h / 2}L${600 + w / 2} ${cy}L600 ${cy + h / 2}L${600 - w / 2} ${cy}z" fill="${tops[i]}"/>`;
    }
    out += `<path d="M520 272l80 40 80-40-80-40z" fill="${C.white}" fill-opacity=".35"/>`;
    out += `<circle cx="470" cy="272" r="10" fill="${C.amber}"/><circle cx="730" cy="272" r="10" fill="${C.tealL}"/>`;
    out += `<path d="M900 200v360M300 240v300" stroke="${C.slateM}" stroke-opacity=".5" stroke-width="3" stroke-dasharray="4 12" stroke-linecap="round"/>`;
    return out;
  },

  /** Film strip, play button and a progress bar. */
  video() {
    let out = `<g transform="rotate(-8 600 400)"><rect x="140" y="300" width="920" height="200" fill="${C.ink}"/>`;
    let holes = "";
    for (let x = 160; x < 1050; x += 56) holes += `M${x} 318h28v20h-28zM${x} 462h28v20h-28z`;
    out += `<path d="${holes}" fill="${C.white}" fill-opacity=".8"/>`;
    const frames = [C.indigoL, C.tealL, C.violetL, C.amberL, C.indigoXL];
    frames.forEach((c, i) => {
      out += `<rect x="${170 + i * 180}" y="356" width="160" height="88" rx="8" fill="${c}" fill-opacity=".55"/>`;
    });
    out += "</g>";
    out += `<circle cx="600" cy="400" r="150" fill="${C.white}" fill-opacity=".6"/><circle cx="600" cy="400" r="118" fill="url(#b)"/>`;
    out += `<path d="M565 335v130l105-65z" fill="${C.white}" stroke="${C.white}" stroke-width="12" stroke-linejoin="round"/>`;
    out += `<rect x="360" y="620" width="480" height="14" rx="7" fill="${C.slateL}"/><rect x="360" y="620" width="300" height="14" rx="7" fill="${C.amber}"/>`;
    out += `<circle cx="660" cy="627" r="18" fill="${C.white}" stroke="${C.amber}" stroke-width="6"/>`;
    return out;
  },

  /** Neural network: layers of nodes with weighted connections. */
  ki(rnd) {
    const layers = [3, 5, 5, 2];
    const cols = layers.map((n, li) =>
      Array.from({ length: n }, (_, k) => [330 + li * 180, r(410 + (k - (n - 1) / 2) * 104)]),
    );
    let d = "";
    let hot = "";
    for (let li = 0; li < cols.length - 1; li++)
      for (const [x1, y1] of cols[li])
        for (const [x2, y2] of cols[li + 1]) {
          const seg = `M${x1} ${y1}L${x2} ${y2}`;
          if (rnd.float(0, 1) < 0.16) hot += seg;
          else d += seg;
        }
    let out = `<path d="${d}" stroke="${C.indigoL}" stroke-opacity=".35" stroke-width="3"/>`;
    out += `<path d="${hot}" stroke="${C.teal}" stroke-width="5"/>`;
    cols.forEach((col, li) =>
      col.forEach(([x, y]) => {
        const fill =
          li === 0 ? C.teal : li === cols.length - 1 ? C.amber : rnd.pick(["url(#b)", C.violetL, C.indigo]);
        out += `<circle cx="${x}" cy="${y}" r="30" fill="${C.white}" stroke="${C.indigoXL}" stroke-width="4"/><circle cx="${x}" cy="${y}" r="19" fill="${fill}"/>`;
      }),
    );
    out += `<path d="M900 210l12 32 32 12-32 12-12 32-12-32-32-12 32-12z" fill="${C.amber}"/>`;
    out += `<path d="M250 600l8 20 20 8-20 8-8 20-8-20-20-8 20-8z" fill="${C.violetL}"/>`;
    return out;
  },

  /** Compass with a dashed route towards a target. */
  strategy(rnd) {
    let out = `<path d="M250 640C${rnd.int(320, 380)} 520 ${rnd.int(420, 480)} 700 560 600" fill="none" stroke="${C.slateM}" stroke-width="5" stroke-dasharray="4 14" stroke-linecap="round"/>`;
    out += `<circle cx="910" cy="210" r="46" fill="none" stroke="${C.amber}" stroke-width="10"/><circle cx="910" cy="210" r="16" fill="${C.amber}"/>`;
    out += `<circle cx="600" cy="400" r="230" fill="url(#b)"/><circle cx="600" cy="400" r="196" fill="${C.white}"/>`;
    let ticks = "";
    for (let i = 0; i < 24; i++) {
      const a = (i / 24) * Math.PI * 2;
      const len = i % 6 === 0 ? 26 : 12;
      ticks += `M${r(600 + Math.cos(a) * 180)} ${r(400 + Math.sin(a) * 180)}L${r(600 + Math.cos(a) * (180 - len))} ${r(400 + Math.sin(a) * (180 - len))}`;
    }
    out += `<path d="${ticks}" stroke="${C.slateM}" stroke-width="4" stroke-linecap="round"/>`;
    out += `<g transform="rotate(${rnd.int(30, 50)} 600 400)"><path d="M600 250l36 150h-72z" fill="${C.violet}"/><path d="M600 550l36-150h-72z" fill="${C.slateM}"/></g>`;
    out += `<circle cx="600" cy="400" r="22" fill="${C.amber}" stroke="${C.white}" stroke-width="6"/>`;
    out += `<path d="M600 150l14 22h-28z" fill="${C.teal}"/>`;
    return out;
  },

  /** Conversation: two speech bubbles and a typing indicator. */
  coaching(rnd) {
    let out = `<path d="M290 200h380a30 30 0 0 1 30 30v190a30 30 0 0 1-30 30H420l-70 60v-60h-60a30 30 0 0 1-30-30V230a30 30 0 0 1 30-30z" fill="url(#b)"/>`;
    out += bars(320, 262, [rnd.int(280, 340), rnd.int(220, 320), rnd.int(150, 220)], 48, C.white, 16, 0.85);
    out += `<path d="M560 400h320a30 30 0 0 1 30 30v150a30 30 0 0 1-30 30h-50v56l-64-56H560a30 30 0 0 1-30-30V430a30 30 0 0 1 30-30z" fill="${C.white}" stroke="${C.indigoXL}" stroke-width="4"/>`;
    out += bars(590, 460, [rnd.int(220, 280), rnd.int(160, 250)], 44, C.slateM, 14, 0.7);
    out += `<rect x="250" y="560" width="170" height="76" rx="38" fill="${C.teal}"/>`;
    out += [290, 335, 380].map((x) => `<circle cx="${x}" cy="598" r="11" fill="${C.white}"/>`).join("");
    out += `<circle cx="880" cy="250" r="40" fill="${C.amberL}"/><path d="M866 290h28v18h-28z" fill="${C.amber}"/>`;
    return out;
  },

  /** Rocket taking off with trails and stars. */
  launch(rnd) {
    let out = `<circle cx="310" cy="220" r="60" fill="${C.tealL}" fill-opacity=".7"/><ellipse cx="310" cy="220" rx="100" ry="22" fill="none" stroke="${C.teal}" stroke-width="5" transform="rotate(-18 310 220)"/>`;
    out += `<path d="M380 720L480 620M300 640l110-110M450 760l110-110" stroke="${C.slateM}" stroke-opacity=".6" stroke-width="8" stroke-linecap="round" stroke-dasharray="30 22"/>`;
    out += `<g transform="rotate(45 620 400)">`;
    out += `<path d="M580 580c-10 40 10 90 40 120 30-30 50-80 40-120z" fill="${C.amber}"/><path d="M600 580c-4 26 6 56 20 74 14-18 24-48 20-74z" fill="${C.amberL}"/>`;
    out += `<path d="M560 470l-70 70v60l70-40zM680 470l70 70v60l-70-40z" fill="${C.violet}"/>`;
    out += `<path d="M620 140c70 60 90 160 70 300l-20 140H570l-20-140c-20-140 0-240 70-300z" fill="${C.white}" stroke="${C.indigoXL}" stroke-width="4"/>`;
    out += `<path d="M620 140c40 34 62 80 70 130H550c8-50 30-96 70-130z" fill="url(#b)"/>`;
    out += `<circle cx="620" cy="360" r="46" fill="${C.indigo}"/><circle cx="620" cy="360" r="30" fill="${C.tealL}"/>`;
    out += `<path d="M620 470v110" stroke="${C.violet}" stroke-width="14" stroke-linecap="round"/></g>`;
    for (let i = 0; i < 5; i++) {
      const x = rnd.int(780, 1020);
      const y = rnd.int(120, 600);
      out += `<path d="M${x} ${y - 14}l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="${rnd.pick([C.amber, C.violetL, C.teal])}"/>`;
    }
    return out;
  },

  /** Rising bar chart with a trend line and an arrow. */
  performance(rnd) {
    let out = `<rect x="270" y="160" width="660" height="480" rx="28" fill="${C.white}" stroke="${C.slateL}" stroke-width="3"/>`;
    out += `<path d="M330 580H870M330 480H870M330 380H870M330 280H870" stroke="${C.slateL}" stroke-width="3" stroke-dasharray="6 10"/>`;
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const x = 370 + i * 92;
      const top = r(540 - i * 56 - rnd.float(0, 40));
      out += `<rect x="${x - 26}" y="${top}" width="52" height="${580 - top}" rx="10" fill="${i === 5 ? "url(#b)" : C.indigoXL}"/>`;
      pts.push([x, top - rnd.int(30, 50)]);
    }
    out += `<path d="M${pts.map(([x, y]) => `${x} ${y}`).join("L")}" fill="none" stroke="${C.teal}" stroke-width="7" stroke-linejoin="round" stroke-linecap="round"/>`;
    out += pts
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="10" fill="${C.white}" stroke="${C.teal}" stroke-width="5"/>`,
      )
      .join("");
    out += `<path d="M880 250l40-80 40 80h-24v90h-32v-90z" fill="${C.amber}"/>`;
    return out;
  },

  /** Smartphone with an app screen, a notification and a tap. */
  mobile(rnd) {
    let out = `<rect x="470" y="110" width="280" height="580" rx="44" fill="${C.ink}"/>`;
    out += `<rect x="488" y="128" width="244" height="544" rx="30" fill="${C.bg0}"/>`;
    out += `<rect x="570" y="140" width="80" height="20" rx="10" fill="${C.ink}"/>`;
    out += `<rect x="508" y="184" width="204" height="140" rx="16" fill="url(#b)"/>`;
    out +=
      `<circle cx="660" cy="236" r="28" fill="${C.white}" fill-opacity=".25"/>` +
      bars(530, 282, [110], 0, C.white, 12, 0.85);
    for (let i = 0; i < 3; i++) {
      const y = 352 + i * 82;
      out += `<rect x="508" y="${y}" width="204" height="66" rx="14" fill="${C.white}" stroke="${C.slateL}" stroke-width="2"/>`;
      out += `<circle cx="540" cy="${y + 33}" r="16" fill="${[C.tealL, C.amberL, C.violetXL][i]}"/>`;
      out += bars(568, y + 24, [rnd.int(90, 120), rnd.int(50, 90)], 20, C.slateM, 7, 0.7);
    }
    out += `<rect x="560" y="658" width="100" height="6" rx="3" fill="${C.slateM}"/>`;
    out += `<rect x="700" y="220" width="250" height="84" rx="20" fill="${C.white}" stroke="${C.indigoXL}" stroke-width="3"/>`;
    out +=
      `<circle cx="744" cy="262" r="22" fill="${C.teal}"/>` + bars(780, 248, [130, 90], 26, C.slateM, 8, 0.7);
    out += `<circle cx="420" cy="520" r="60" fill="${C.violetL}" fill-opacity=".2"/><circle cx="420" cy="520" r="34" fill="${C.violetL}" fill-opacity=".4"/><circle cx="420" cy="520" r="14" fill="${C.violet}"/>`;
    return out;
  },

  /** Three interlocking gears and a plug connection. */
  integrations(rnd) {
    let out = `<path d="M250 620h120c40 0 40-60 80-60" fill="none" stroke="${C.slateM}" stroke-width="8" stroke-linecap="round"/>`;
    out += `<rect x="220" y="596" width="40" height="48" rx="8" fill="${C.slate}"/>`;
    out += gear(520, 430, 170, 12, rnd.float(0, 0.5), "url(#b)");
    out += gear(770, 270, 112, 9, rnd.float(0, 0.7), C.teal);
    out += gear(780, 560, 82, 8, rnd.float(0, 0.8), C.amber);
    out += `<path d="M900 420a70 70 0 0 1 0 100" fill="none" stroke="${C.violetL}" stroke-width="6" stroke-linecap="round" stroke-dasharray="2 14"/>`;
    return out;
  },

  /** Sketch of a site map on paper, sticky notes and a pencil. */
  concept(rnd) {
    let out = `<g transform="rotate(-4 600 400)"><rect x="300" y="150" width="600" height="470" rx="18" fill="${C.white}" stroke="${C.slateL}" stroke-width="3"/>`;
    out += `<path d="M600 250v50M420 300h360M420 300v40M600 300v40M780 300v40M600 420v40M540 460h120M540 460v30M660 460v30" fill="none" stroke="${C.slateM}" stroke-width="4" stroke-dasharray="8 8"/>`;
    out += `<rect x="530" y="196" width="140" height="56" rx="12" fill="url(#b)"/>`;
    for (const x of [420, 600, 780])
      out += `<rect x="${x - 60}" y="340" width="120" height="80" rx="12" fill="${C.bg1}" stroke="${C.indigoL}" stroke-width="3"/>`;
    out += `<rect x="490" y="490" width="100" height="60" rx="10" fill="${C.bg0}" stroke="${C.slateM}" stroke-width="3"/><rect x="610" y="490" width="100" height="60" rx="10" fill="${C.bg0}" stroke="${C.slateM}" stroke-width="3"/>`;
    out += "</g>";
    const notes = [
      [220, 200, C.amberL],
      [880, 430, C.tealL],
      [250, 470, C.violetXL],
    ];
    for (const [x, y, c] of notes)
      out += `<rect x="${x}" y="${y}" width="120" height="120" rx="6" fill="${c}" transform="rotate(${rnd.int(-10, 10)} ${x + 60} ${y + 60})"/>`;
    out += `<g transform="rotate(-35 860 250)"><rect x="720" y="232" width="260" height="36" rx="6" fill="${C.amber}"/><rect x="960" y="232" width="36" height="36" rx="6" fill="${C.violetL}"/><path d="M720 232l-44 18 44 18z" fill="#fde7c2"/><path d="M690 244l-14 6 14 6z" fill="${C.ink}"/></g>`;
    return out;
  },

  /** Fanned colour swatches and a bézier curve with handles. */
  design(rnd) {
    let out = "";
    const swatches = [C.slateM, C.tealL, C.teal, C.amber, C.violetL, C.indigo];
    swatches.forEach((c, i) => {
      const a = -50 + i * 16 + rnd.int(-2, 2);
      out += `<g transform="rotate(${a} 430 620)"><rect x="390" y="260" width="80" height="380" rx="18" fill="${c}" stroke="${C.white}" stroke-width="4"/><circle cx="430" cy="590" r="12" fill="${C.white}"/></g>`;
    });
    out += `<path d="M620 580C660 300 860 520 920 240" fill="none" stroke="url(#b)" stroke-width="10" stroke-linecap="round"/>`;
    out += `<path d="M620 580L700 420M920 240L880 420" stroke="${C.slateM}" stroke-width="3"/>`;
    out += `<circle cx="700" cy="420" r="12" fill="${C.white}" stroke="${C.violet}" stroke-width="4"/><circle cx="880" cy="420" r="12" fill="${C.white}" stroke="${C.violet}" stroke-width="4"/>`;
    out += `<rect x="604" y="564" width="32" height="32" rx="4" fill="${C.white}" stroke="${C.indigo}" stroke-width="5"/><rect x="904" y="224" width="32" height="32" rx="4" fill="${C.indigo}"/>`;
    out += `<path d="M760 600l30 70 12-30 30-12z" fill="${C.ink}" stroke="${C.white}" stroke-width="4" stroke-linejoin="round"/>`;
    return out;
  },
};

// ── The picture ────────────────────────────────────────────────────────────

/** A few small shapes scattered near the edges for texture. */
function sparks(rnd) {
  let out = "";
  const colors = [C.indigoL, C.violetL, C.tealL, C.amber];
  for (let i = 0; i < 8; i++) {
    const left = i % 2 === 0;
    const x = left ? rnd.int(50, 200) : rnd.int(1000, 1150);
    const y = rnd.int(60, 740);
    const c = rnd.pick(colors);
    const op = o(rnd.float(0.45, 0.8));
    const kind = rnd.int(0, 2);
    if (kind === 0)
      out += `<circle cx="${x}" cy="${y}" r="${rnd.int(5, 10)}" fill="${c}" fill-opacity="${op}"/>`;
    else if (kind === 1)
      out += `<path d="M${x - 10} ${y}h20M${x} ${y - 10}v20" stroke="${c}" stroke-opacity="${op}" stroke-width="4" stroke-linecap="round"/>`;
    else
      out += `<path d="M${x} ${y - 12}l12 20h-24z" fill="none" stroke="${c}" stroke-opacity="${op}" stroke-width="3" stroke-linejoin="round"/>`;
  }
  return out;
}

function svg(name) {
  const rnd = random(hash(name));
  const [g1, g2] = rnd.pick([
    [C.violetL, C.tealL],
    [C.indigoL, C.amberL],
    [C.tealL, C.violetL],
  ]);
  const defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.bg0}"/><stop offset="1" stop-color="${C.bg1}"/></linearGradient>` +
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.indigo}"/><stop offset="1" stop-color="${C.violet}"/></linearGradient>` +
    `<radialGradient id="g1"><stop offset="0" stop-color="${g1}" stop-opacity=".45"/><stop offset="1" stop-color="${g1}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="g2"><stop offset="0" stop-color="${g2}" stop-opacity=".35"/><stop offset="1" stop-color="${g2}" stop-opacity="0"/></radialGradient>` +
    `<pattern id="dots" width="32" height="32" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="2" fill="${C.slateM}" fill-opacity=".22"/></pattern>`;
  const backdrop =
    `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#dots)"/>` +
    `<circle cx="${rnd.int(760, 1060)}" cy="${rnd.int(140, 320)}" r="${rnd.int(320, 420)}" fill="url(#g1)"/>` +
    `<circle cx="${rnd.int(140, 440)}" cy="${rnd.int(480, 660)}" r="${rnd.int(280, 380)}" fill="url(#g2)"/>` +
    `<ellipse cx="600" cy="716" rx="${rnd.int(300, 360)}" ry="26" fill="${C.ink}" fill-opacity=".06"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${defs}</defs>${backdrop}${sparks(rnd)}${MOTIFS[name](rnd)}</svg>\n`
  );
}

mkdirSync(OUT_DIR, { recursive: true });
let failed = false;
for (const name of Object.keys(MOTIFS)) {
  const content = svg(name);
  const bytes = Buffer.byteLength(content, "utf8");
  writeFileSync(join(OUT_DIR, `${name}.svg`), content);
  const tooLarge = bytes >= MAX_BYTES;
  if (tooLarge) failed = true;
  console.log(`${name}.svg  ${bytes} B  ${tooLarge ? "TOO LARGE" : "ok"}`);
}
if (failed) {
  console.error(`At least one file is ${MAX_BYTES} bytes or larger.`);
  process.exitCode = 1;
}
