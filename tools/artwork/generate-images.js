/**
 * Regenerates the site's raster artwork deterministically: the ten home hero
 * backgrounds (public/images/hero/), the about-page team illustration
 * (public/images/about/) and the contact-page header (public/images/contact/).
 *
 * Usage: node tools/artwork/generate-images.js
 *
 * Every picture is original artwork built here as SVG markup from simple
 * shapes, gradients and blur filters. Randomness comes from a small seeded
 * generator (seed = image name), so each run produces the same pictures.
 * The SVG is rendered with sharp (librsvg) straight at every target width
 * and encoded as WebP; if a file exceeds its size budget, the quality is
 * lowered step by step and a warning is printed. No network, no fonts, no
 * external images. Keep app/features/media/built-in-images.ts in sync with the list below.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { hash, random } from "../../scripts/lib/seeded-random.js";

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public", "images");
const QUALITY = 72;
const MIN_QUALITY = 40;
const EFFORT = 6;

// ── SVG helpers ────────────────────────────────────────────────────────────

/** Number → short string with one decimal at most. */
const n = (v) => String(Math.round(v * 10) / 10);

/** Attribute object → ` key="value"` string; skips undefined values. */
function attrs(a = {}) {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? n(v) : v}"`)
    .join("");
}

const rect = (x, y, w, h, rx, a) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ""}${attrs(a)}/>`;
const circle = (cx, cy, r, a) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${attrs(a)}/>`;
const ellipse = (cx, cy, rx, ry, a) =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}"${attrs(a)}/>`;
const path = (d, a) => `<path d="${d}"${attrs(a)}/>`;
const group = (content, a) => `<g${attrs(a)}>${content}</g>`;
/** Pill-shaped "text line" placeholder. */
const bar = (x, y, w, h, fill, opacity = 1) =>
  rect(x, y, w, h, h / 2, { fill, "fill-opacity": opacity === 1 ? undefined : opacity });
const poly = (points) => "M" + points.map(([x, y]) => `${n(x)} ${n(y)}`).join("L") + "Z";

/** Catmull-Rom spline through points → smooth cubic path (open). */
function smooth(points) {
  let d = `M${n(points[0][0])} ${n(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

/**
 * One scene = a canvas of fixed design size plus a <defs> collector.
 * Gradients and filters get unique ids; the design is rendered at any
 * output size through the viewBox.
 */
function scene(w, h) {
  const defs = [];
  const cache = new Map();
  let count = 0;
  const id = (prefix) => `${prefix}${count++}`;
  const stopList = (stops) =>
    stops
      .map(
        ([offset, color, opacity]) =>
          `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? "" : ` stop-opacity="${opacity}"`}/>`,
      )
      .join("");
  const once = (key, make) => {
    if (!cache.has(key)) cache.set(key, make());
    return cache.get(key);
  };
  return {
    w,
    h,
    /** Linear gradient in bounding-box units (0..1). */
    linear(stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1) {
      const i = id("l");
      defs.push(`<linearGradient id="${i}"${attrs({ x1, y1, x2, y2 })}>${stopList(stops)}</linearGradient>`);
      return `url(#${i})`;
    },
    /** Linear gradient in canvas units. */
    linearAbs(stops, x1, y1, x2, y2) {
      const i = id("l");
      defs.push(
        `<linearGradient id="${i}" gradientUnits="userSpaceOnUse"${attrs({ x1, y1, x2, y2 })}>${stopList(stops)}</linearGradient>`,
      );
      return `url(#${i})`;
    },
    /** Radial gradient in canvas units; sy squashes it vertically. */
    radialAbs(stops, cx, cy, r, sy = 1) {
      const i = id("r");
      const transform =
        sy === 1 ? "" : ` gradientTransform="translate(0 ${n(cy)}) scale(1 ${sy}) translate(0 ${n(-cy)})"`;
      defs.push(
        `<radialGradient id="${i}" gradientUnits="userSpaceOnUse"${attrs({ cx, cy, r })}${transform}>${stopList(stops)}</radialGradient>`,
      );
      return `url(#${i})`;
    },
    /** Gaussian blur whose region is the whole canvas (safe for big radii). */
    blur(sd) {
      return once(`b${sd}`, () => {
        const i = id("b");
        defs.push(
          `<filter id="${i}" filterUnits="userSpaceOnUse" x="${-w * 0.1}" y="${-h * 0.1}" width="${w * 1.2}" height="${h * 1.2}" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${sd}"/></filter>`,
        );
        return `url(#${i})`;
      });
    },
    /** Soft drop shadow below the element (tinted, offset downwards). */
    shadow(sd, dy, opacity, color = "#000") {
      return once(`s${sd}-${dy}-${opacity}-${color}`, () => {
        const i = id("s");
        defs.push(
          `<filter id="${i}" x="-40%" y="-40%" width="180%" height="200%" color-interpolation-filters="sRGB">` +
            `<feGaussianBlur in="SourceAlpha" stdDeviation="${sd}"/><feOffset dy="${dy}" result="o"/>` +
            `<feFlood flood-color="${color}" flood-opacity="${opacity}"/><feComposite in2="o" operator="in"/>` +
            `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
        );
        return `url(#${i})`;
      });
    },
    /** Full-canvas rectangle (reaches into the render margin). */
    fill(paint, a) {
      return rect(-w * 0.1, -h * 0.1, w * 1.2, h * 1.2, 0, { fill: paint, ...a });
    },
    /** Soft coloured light: a radial gradient fading to transparent. */
    glow(cx, cy, r, color, opacity, sy = 1) {
      const paint = this.radialAbs(
        [
          [0, color, opacity],
          [0.45, color, opacity * 0.45],
          [1, color, 0],
        ],
        cx,
        cy,
        r,
        sy,
      );
      return rect(cx - r, cy - r * sy, r * 2, r * 2 * sy, 0, { fill: paint });
    },
    /**
     * SVG document for an output of outW × outH pixels plus `margin` pixels on
     * every side. The margin is cropped after rendering: librsvg only draws
     * inside the canvas, so without it blurs would fade out at the edges.
     */
    render(outW, outH, margin, body) {
      const mx = (margin * w) / outW;
      const my = (margin * h) / outH;
      return (
        `<svg xmlns="http://www.w3.org/2000/svg" width="${outW + 2 * margin}" height="${outH + 2 * margin}" ` +
        `viewBox="${n(-mx)} ${n(-my)} ${n(w + 2 * mx)} ${n(h + 2 * my)}" preserveAspectRatio="none">` +
        `<defs>${defs.join("")}</defs>${body}</svg>`
      );
    },
  };
}

// ── Shared hero pieces ─────────────────────────────────────────────────────

const HW = 1920;
const HH = 1080;

/** Darkens the centre band (headline area) and the corners, like a lens. */
function heroFinish(S, centre = 0.34, corners = 0.45) {
  const scrim = S.radialAbs(
    [
      [0, "#05040f", centre],
      [0.55, "#05040f", centre * 0.6],
      [1, "#05040f", 0],
    ],
    HW / 2,
    HH * 0.5,
    820,
    0.52,
  );
  const vignette = S.radialAbs(
    [
      [0.55, "#000", 0],
      [1, "#000", corners],
    ],
    HW / 2,
    HH / 2,
    1150,
    0.72,
  );
  return S.fill(scrim) + S.fill(vignette);
}

/** Frosted "glass" card used for floating UI snippets. */
function glassCard(x, y, w, h, content = "", r = 16) {
  return (
    rect(x, y, w, h, r, {
      fill: "#fff",
      "fill-opacity": 0.07,
      stroke: "#fff",
      "stroke-opacity": 0.16,
      "stroke-width": 1.5,
    }) + content
  );
}

/** Desk surface: a horizontal band from y to the bottom edge. */
function deskSurface(S, y, top, bottom, edge = 0.1) {
  return (
    rect(0, y, HW, HH - y, 0, {
      fill: S.linear([
        [0, top],
        [1, bottom],
      ]),
    }) + rect(0, y, HW, 2, 0, { fill: "#fff", "fill-opacity": edge })
  );
}

/** Potted plant: trapezoid pot + fan of leaves (ellipses) growing from (x, y). */
function plant(S, rnd, x, y, size, potColor, leafColors) {
  const potW = size * 0.9;
  const potH = size;
  let leaves = "";
  const count = 9;
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const angle = -70 + t * 140 + rnd.float(-8, 8);
    const len = size * rnd.float(0.75, 1.15) * (1 - Math.abs(t - 0.5) * 0.5);
    const rad = (angle * Math.PI) / 180;
    const cx = x + Math.sin(rad) * len * 0.55;
    const cy = y - Math.cos(rad) * len * 0.55;
    leaves += ellipse(cx, cy, len * 0.2, len * 0.55, {
      fill: leafColors[i % leafColors.length],
      transform: `rotate(${n(angle)} ${n(cx)} ${n(cy)})`,
    });
  }
  const pot = path(
    poly([
      [x - potW / 2, y],
      [x + potW / 2, y],
      [x + potW * 0.38, y + potH],
      [x - potW * 0.38, y + potH],
    ]),
    { fill: potColor },
  );
  const rim = rect(x - potW / 2 - 4, y - 4, potW + 8, potH * 0.16, 4, { fill: potColor });
  const shade = path(
    poly([
      [x + potW * 0.1, y],
      [x + potW / 2, y],
      [x + potW * 0.38, y + potH],
      [x + potW * 0.05, y + potH],
    ]),
    { fill: "#000", "fill-opacity": 0.18 },
  );
  return group(leaves) + group(pot + shade + rim, { filter: S.shadow(10, 8, 0.45) });
}

/** Mug with handle (front view), standing on y. */
function mug(S, x, y, w, h, body, band, steam = true) {
  const top = y - h;
  let out = "";
  if (steam) {
    let s = "";
    for (let i = 0; i < 3; i++) {
      const sx = x + w * (0.3 + i * 0.2);
      s += path(`M${n(sx)} ${n(top - 14)}c-18 -30 18 -48 0 -80s18 -50 0 -80`, {
        fill: "none",
        stroke: "#fff",
        "stroke-opacity": 0.28 - i * 0.05,
        "stroke-width": 6,
        "stroke-linecap": "round",
      });
    }
    out += group(s, { filter: S.blur(4) });
  }
  const shading = S.linear(
    [
      [0, "#fff", 0.25],
      [0.45, "#fff", 0],
      [1, "#000", 0.28],
    ],
    0,
    0,
    1,
    0,
  );
  out += group(
    path(
      `M${n(x + w - 4)} ${n(top + h * 0.22)}h${n(w * 0.18)}a${n(w * 0.22)} ${n(h * 0.24)} 0 0 1 0 ${n(h * 0.48)}h-${n(w * 0.18)}`,
      { fill: "none", stroke: body, "stroke-width": w * 0.11 },
    ) +
      rect(x, top, w, h, w * 0.12, { fill: body }) +
      rect(x, top + h * 0.45, w, h * 0.16, 0, { fill: band }) +
      rect(x, top, w, h, w * 0.12, { fill: shading }) +
      ellipse(x + w / 2, top + 4, w / 2 - 5, 7, { fill: "#2a160c", "fill-opacity": 0.9 }),
    { filter: S.shadow(12, 10, 0.5) },
  );
  return out;
}

// ── Hero: product scenes ───────────────────────────────────────────────────

/** Website mockup (dark theme) drawn inside a screen rectangle. */
function websiteMockup(S, x, y, w, h) {
  let out = rect(x, y, w, h, 6, { fill: "#100f30" });
  out += rect(x, y, w, 30, 0, { fill: "#18174a" });
  out += circle(x + 20, y + 15, 7, { fill: "#818cf8" }) + bar(x + 34, y + 11, 44, 8, "#c7d2fe", 0.7);
  for (let i = 0; i < 4; i++) out += bar(x + w - 200 + i * 46, y + 12, 34, 6, "#c7d2fe", 0.45);
  const hx = x + 18;
  const hy = y + 44;
  const hw = w - 36;
  out += rect(hx, hy, hw, 128, 10, {
    fill: S.linear(
      [
        [0, "#4f46e5"],
        [1, "#7c3aed"],
      ],
      0,
      0,
      1,
      1,
    ),
  });
  out += bar(hx + 22, hy + 26, 200, 14, "#fff", 0.95) + bar(hx + 22, hy + 48, 150, 14, "#fff", 0.95);
  out += bar(hx + 22, hy + 74, 180, 6, "#e0e7ff", 0.6) + bar(hx + 22, hy + 84, 140, 6, "#e0e7ff", 0.6);
  out += rect(hx + 22, hy + 98, 74, 18, 9, { fill: "#fff" }) + bar(hx + 34, hy + 104, 50, 6, "#4f46e5");
  out += circle(hx + hw - 96, hy + 62, 40, { fill: "#22d3ee", "fill-opacity": 0.85 });
  out += rect(hx + hw - 78, hy + 48, 56, 56, 12, { fill: "#f472b6", "fill-opacity": 0.85 });
  const cw = (hw - 2 * 14) / 3;
  const accents = ["#22d3ee", "#a78bfa", "#fbbf24"];
  for (let i = 0; i < 3; i++) {
    const cx = hx + i * (cw + 14);
    const cy = hy + 142;
    out += rect(cx, cy, cw, h - (cy - y) - 16, 8, {
      fill: "#1b1a4d",
      stroke: "#fff",
      "stroke-opacity": 0.06,
    });
    out += rect(cx + 12, cy + 12, 26, 26, 7, { fill: accents[i], "fill-opacity": 0.85 });
    out +=
      bar(cx + 12, cy + 50, cw - 40, 7, "#e0e7ff", 0.7) + bar(cx + 12, cy + 63, cw - 60, 5, "#c7d2fe", 0.35);
    out += bar(cx + 12, cy + 72, cw - 52, 5, "#c7d2fe", 0.35);
  }
  return out;
}

function heroProduct1(S, rnd) {
  let out = S.fill(
    S.linear(
      [
        [0, "#0b0a24"],
        [0.55, "#1c1a4f"],
        [1, "#0c3a4a"],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  out += S.glow(1550, 500, 560, "#6366f1", 0.5);
  out += S.glow(260, 820, 460, "#14b8a6", 0.32);
  out += S.glow(900, -80, 620, "#7c3aed", 0.3);
  out += circle(1550, 510, 390, { fill: "none", stroke: "#fff", "stroke-opacity": 0.05, "stroke-width": 2 });
  out += circle(1550, 510, 480, { fill: "none", stroke: "#fff", "stroke-opacity": 0.035, "stroke-width": 2 });
  out += deskSurface(S, 760, "#1d1a4a", "#08081c");

  // Floating glass cards.
  let code = "";
  const codeColors = ["#f472b6", "#818cf8", "#22d3ee", "#fbbf24", "#a78bfa"];
  for (let i = 0; i < 5; i++) {
    const indent = [0, 18, 36, 18, 0][i];
    code += bar(196 + indent, 262 + i * 18, rnd.int(60, 110), 7, codeColors[i], 0.8);
    code += bar(196 + indent + 120, 262 + i * 18, rnd.int(20, 40), 7, "#e0e7ff", 0.35);
  }
  out += glassCard(170, 232, 260, 124, circle(188, 246, 4, { fill: "#f87171" }) + code, 16);
  let chart = "";
  for (let i = 0; i < 6; i++) {
    const bh = [24, 38, 30, 52, 44, 62][i];
    chart += rect(1106 + i * 22, 318 - bh, 14, bh, 4, {
      fill: i === 5 ? "#22d3ee" : "#a5b4fc",
      "fill-opacity": 0.8,
    });
  }
  out += glassCard(1090, 222, 160, 112, bar(1106, 238, 70, 7, "#fff", 0.7) + chart, 14);

  // Laptop.
  const lx = 1280;
  const ly = 340;
  const lw = 540;
  const lh = 346;
  out += ellipse(lx + lw / 2, ly + lh + 26, lw * 0.62, 20, {
    fill: "#000",
    "fill-opacity": 0.55,
    filter: S.blur(12),
  });
  out += group(
    rect(lx, ly, lw, lh, 20, { fill: "#0a0a1a", stroke: "#fff", "stroke-opacity": 0.14, "stroke-width": 2 }) +
      websiteMockup(S, lx + 16, ly + 16, lw - 32, lh - 32) +
      circle(lx + lw / 2, ly + 8, 2.5, { fill: "#fff", "fill-opacity": 0.3 }),
    { filter: S.shadow(26, 24, 0.5) },
  );
  const baseFill = S.linear([
    [0, "#d7d9ef"],
    [1, "#7d80a8"],
  ]);
  out += rect(lx - 44, ly + lh - 2, lw + 88, 18, 9, { fill: baseFill });
  out += rect(lx + lw / 2 - 46, ly + lh - 2, 92, 6, 3, { fill: "#6b6f99" });
  out += rect(lx - 30, ly + lh + 14, lw + 60, 5, 2.5, { fill: "#3a3c5c" });
  // Reflection glow on the desk.
  out += ellipse(lx + lw / 2, ly + lh + 70, 300, 30, {
    fill: "#6366f1",
    "fill-opacity": 0.18,
    filter: S.blur(20),
  });

  // Mug and plant on the left.
  out += mug(S, 190, 762, 112, 128, "#eef0ff", "#4338ca");
  out += plant(S, rnd, 420, 668, 92, "#312e81", ["#10b981", "#34d399", "#059669"]);
  return out + heroFinish(S);
}

/** A lying book (spine facing the viewer). */
function lyingBook(x, y, w, h, color, fancy) {
  let out = rect(x, y, w, h, 6, { fill: color });
  out += rect(x, y, w, h * 0.22, 6, { fill: "#fff", "fill-opacity": 0.12 });
  out += rect(x, y + h - 6, w, 6, 3, { fill: "#000", "fill-opacity": 0.22 });
  if (fancy) {
    out += rect(x + 28, y + 8, 4, h - 16, 2, { fill: "#fcd34d", "fill-opacity": 0.8 });
    out += rect(x + w - 32, y + 8, 4, h - 16, 2, { fill: "#fcd34d", "fill-opacity": 0.8 });
    out += bar(x + w * 0.3, y + h / 2 - 5, w * 0.4, 10, "#fff", 0.75);
  } else {
    out += rect(x + w - 22, y + 5, 16, h - 10, 3, { fill: "#f5f0e1" });
    out += bar(x + 40, y + h / 2 - 4, w * 0.35, 8, "#fff", 0.55);
  }
  return out;
}

function sparkle(cx, cy, r, fill, opacity) {
  const k = r * 0.22;
  return path(
    `M${n(cx)} ${n(cy - r)}Q${n(cx + k)} ${n(cy - k)} ${n(cx + r)} ${n(cy)}Q${n(cx + k)} ${n(cy + k)} ${n(cx)} ${n(cy + r)}Q${n(cx - k)} ${n(cy + k)} ${n(cx - r)} ${n(cy)}Q${n(cx - k)} ${n(cy - k)} ${n(cx)} ${n(cy - r)}Z`,
    { fill, "fill-opacity": opacity },
  );
}

function heroProduct2(S, rnd) {
  let out = S.fill(
    S.linear(
      [
        [0, "#120a2c"],
        [0.5, "#2a1063"],
        [1, "#3f1a5e"],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  out += S.glow(1520, 480, 560, "#8b5cf6", 0.48);
  out += S.glow(360, 700, 480, "#f59e0b", 0.2);
  out += S.glow(980, 1140, 600, "#ec4899", 0.18);
  out += deskSurface(S, 800, "#2c1660", "#0d0720");

  // Book stack (left).
  const books = [
    [150, 436, 62, "#4338ca", true],
    [186, 384, 52, "#be185d", false],
    [140, 414, 58, "#0f766e", true],
    [196, 346, 46, "#b45309", false],
  ];
  let stack = "";
  let y = 800;
  for (const [x, w, h, color, fancy] of books) {
    y -= h;
    stack += lyingBook(x, y, w, h, color, fancy);
  }
  out += ellipse(360, 806, 280, 16, { fill: "#000", "fill-opacity": 0.5, filter: S.blur(10) });
  out += group(stack, { filter: S.shadow(14, 10, 0.35) });
  out += plant(S, rnd, 360, y - 64, 64, "#e0e7ff", ["#22c55e", "#4ade80", "#16a34a"]);

  // Paperback (behind) and e-reader (front) on the right.
  const paperback = group(
    rect(1250, 420, 250, 372, 6, {
      fill: S.linear(
        [
          [0, "#22d3ee"],
          [1, "#4338ca"],
        ],
        0,
        0,
        1,
        1,
      ),
    }) +
      rect(1250, 420, 16, 372, 3, { fill: "#000", "fill-opacity": 0.2 }) +
      circle(1420, 520, 54, { fill: "#fff", "fill-opacity": 0.2 }) +
      circle(1380, 560, 34, { fill: "#fff", "fill-opacity": 0.3 }) +
      bar(1290, 660, 160, 14, "#fff", 0.92) +
      bar(1290, 684, 110, 14, "#fff", 0.92) +
      bar(1290, 740, 80, 8, "#e0f2fe", 0.7),
    { transform: "rotate(-6 1375 792)", filter: S.shadow(18, 16, 0.45) },
  );
  const cover = S.linear(
    [
      [0, "#fcd34d"],
      [1, "#f97316"],
    ],
    0,
    0,
    0.6,
    1,
  );
  const reader = group(
    rect(1470, 330, 300, 460, 26, {
      fill: "#0c0a1c",
      stroke: "#fff",
      "stroke-opacity": 0.16,
      "stroke-width": 2,
    }) +
      rect(1488, 350, 264, 420, 10, { fill: cover }) +
      circle(1660, 450, 62, { fill: "#fff", "fill-opacity": 0.35 }) +
      path("M1488 700L1560 630L1610 670L1680 600L1752 680V760a10 10 0 0 1 -10 10H1498a10 10 0 0 1 -10 -10Z", {
        fill: "#7c2d12",
        "fill-opacity": 0.55,
      }) +
      bar(1512, 380, 180, 16, "#1c1917", 0.9) +
      bar(1512, 404, 120, 16, "#1c1917", 0.9) +
      bar(1512, 432, 80, 8, "#1c1917", 0.55),
    { transform: "rotate(4 1620 790)", filter: S.shadow(22, 18, 0.5) },
  );
  out += ellipse(1510, 802, 300, 16, { fill: "#000", "fill-opacity": 0.5, filter: S.blur(10) });
  out += paperback + reader;
  out += sparkle(1200, 330, 22, "#fde68a", 0.8) + sparkle(1830, 280, 14, "#fde68a", 0.6);
  out += sparkle(560, 420, 16, "#fde68a", 0.55);
  return out + heroFinish(S);
}

function heroProduct3(S) {
  let out = S.fill(
    S.linear(
      [
        [0, "#03161d"],
        [0.5, "#0b3b46"],
        [1, "#1b1a4b"],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  out += S.glow(1560, 540, 560, "#14b8a6", 0.42);
  out += S.glow(300, 320, 480, "#6366f1", 0.3);
  out += S.glow(1000, 1150, 520, "#0ea5e9", 0.2);
  out += circle(1560, 540, 330, {
    fill: "none",
    stroke: "#5eead4",
    "stroke-opacity": 0.08,
    "stroke-width": 2,
  });
  out += circle(1560, 540, 430, {
    fill: "none",
    stroke: "#5eead4",
    "stroke-opacity": 0.05,
    "stroke-width": 2,
  });

  // Phone with an app screen.
  const px = 1400;
  const py = 190;
  const pw = 330;
  const ph = 690;
  let screen = rect(px + 14, py + 14, pw - 28, ph - 28, 36, { fill: "#f1f5f9" });
  screen += rect(px + pw / 2 - 46, py + 28, 92, 24, 12, { fill: "#0b0f1a" });
  const sx = px + 36;
  screen +=
    bar(sx, py + 78, 120, 12, "#0f172a", 0.85) + circle(px + pw - 52, py + 84, 16, { fill: "#c7d2fe" });
  const card = S.linear(
    [
      [0, "#14b8a6"],
      [1, "#4338ca"],
    ],
    0,
    0,
    1,
    1,
  );
  screen += rect(sx, py + 118, pw - 72, 170, 20, { fill: card });
  screen += bar(sx + 18, py + 138, 80, 8, "#fff", 0.7) + bar(sx + 18, py + 156, 130, 16, "#fff", 0.95);
  const pts = [];
  for (let i = 0; i < 8; i++) pts.push([sx + 18 + i * 32, py + 262 - [8, 22, 16, 40, 30, 52, 46, 70][i]]);
  screen += path(smooth(pts), { fill: "none", stroke: "#fff", "stroke-width": 4, "stroke-linecap": "round" });
  screen += circle(pts[7][0], pts[7][1], 6, { fill: "#fde68a" });
  const rows = ["#f59e0b", "#6366f1", "#ec4899"];
  for (let i = 0; i < 3; i++) {
    const ry = py + 312 + i * 78;
    screen += rect(sx, ry, pw - 72, 64, 16, { fill: "#fff" });
    screen += circle(sx + 32, ry + 32, 18, { fill: rows[i], "fill-opacity": 0.9 });
    screen += bar(sx + 62, ry + 20, 110, 8, "#0f172a", 0.75) + bar(sx + 62, ry + 36, 70, 7, "#64748b", 0.5);
    screen += bar(sx + pw - 128, ry + 26, 40, 10, "#0f172a", 0.6);
  }
  screen += path(
    `M${px + 14} ${py + ph - 96}H${px + pw - 14}V${py + ph - 50}a36 36 0 0 1 -36 36H${px + 50}a36 36 0 0 1 -36 -36Z`,
    { fill: "#fff" },
  );
  for (let i = 0; i < 4; i++) {
    const cx = px + 60 + i * ((pw - 120) / 3);
    screen += circle(cx, py + ph - 62, 11, { fill: i === 0 ? "#4338ca" : "#cbd5e1" });
  }
  screen += bar(px + pw / 2 - 60, py + ph - 30, 120, 6, "#0f172a", 0.8);
  out += ellipse(1570, 930, 260, 24, { fill: "#000", "fill-opacity": 0.5, filter: S.blur(22) });
  out += group(
    rect(px, py, pw, ph, 50, { fill: "#0b0f1a", stroke: "#fff", "stroke-opacity": 0.22, "stroke-width": 3 }) +
      screen,
    { transform: `rotate(-9 ${px + pw / 2} ${py + ph / 2})`, filter: S.shadow(30, 28, 0.55) },
  );

  // Floating UI on the left.
  out += glassCard(
    120,
    250,
    330,
    92,
    rect(140, 272, 48, 48, 12, { fill: "#2dd4bf" }) +
      bar(206, 280, 150, 9, "#fff", 0.85) +
      bar(206, 300, 200, 7, "#e2e8f0", 0.45),
    18,
  );
  out += path(
    "M186 400H410a26 26 0 0 1 26 26v18a26 26 0 0 1 -26 26H214L184 492L190 468A26 26 0 0 1 160 444V426A26 26 0 0 1 186 400Z",
    {
      fill: "#14b8a6",
      "fill-opacity": 0.85,
    },
  );
  out += bar(190, 428, 200, 9, "#fff", 0.9) + bar(190, 446, 140, 8, "#fff", 0.6);
  out += rect(200, 520, 250, 62, 26, { fill: "#fff", "fill-opacity": 0.12 });
  out += bar(226, 546, 150, 9, "#fff", 0.7);
  let stars = "";
  for (let i = 0; i < 5; i++) {
    const cx = 160 + i * 44;
    const cy = 676;
    const p = [];
    for (let k = 0; k < 10; k++) {
      const a = (k * Math.PI) / 5 - Math.PI / 2;
      const r = k % 2 ? 8 : 18;
      p.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
    }
    stars += path(poly(p), { fill: i < 4 ? "#fbbf24" : "#fff", "fill-opacity": i < 4 ? 0.95 : 0.25 });
  }
  out += glassCard(126, 634, 260, 84, stars, 18);
  out += sparkle(500, 240, 14, "#5eead4", 0.5) + sparkle(1200, 860, 18, "#5eead4", 0.4);
  return out + heroFinish(S);
}

function heroProduct4(S, rnd) {
  let out = S.fill(
    S.linear(
      [
        [0, "#070b1f"],
        [0.5, "#1e1b4b"],
        [1, "#0b4652"],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  out += S.glow(1540, 470, 560, "#22d3ee", 0.28);
  out += S.glow(1560, 470, 420, "#6366f1", 0.35);
  out += S.glow(260, 820, 460, "#db2777", 0.2);
  out += S.glow(300, 200, 420, "#6366f1", 0.28);

  // Course player.
  const x = 1230;
  const y = 250;
  const w = 600;
  const vh = 316;
  let player = rect(x, y, w, 440, 20, {
    fill: "#0d0c22",
    stroke: "#fff",
    "stroke-opacity": 0.14,
    "stroke-width": 2,
  });
  for (let i = 0; i < 3; i++) {
    player += circle(x + 24 + i * 18, y + 20, 5, { fill: ["#f87171", "#fbbf24", "#34d399"][i] });
  }
  player += bar(x + w / 2 - 90, y + 15, 180, 10, "#fff", 0.12);
  const vx = x + 16;
  const vy = y + 40;
  const vw = w - 32;
  const sky = S.linear([
    [0, "#312e81"],
    [0.6, "#be185d"],
    [1, "#f59e0b"],
  ]);
  player += rect(vx, vy, vw, vh, 10, { fill: sky });
  player += circle(vx + vw * 0.8, vy + vh * 0.3, 36, { fill: "#fde68a", "fill-opacity": 0.9 });
  player += path(
    `M${vx} ${vy + vh * 0.72}L${vx + 140} ${vy + vh * 0.5}L${vx + 250} ${vy + vh * 0.66}L${vx + 380} ${vy + vh * 0.46}L${vx + vw} ${vy + vh * 0.7}V${vy + vh * 0.95}H${vx}Z`,
    { fill: "#3b2a6e" },
  );
  player += path(
    `M${vx} ${vy + vh * 0.9}Q${vx + 200} ${vy + vh * 0.78} ${vx + vw} ${vy + vh * 0.88}V${vy + vh - 10}a10 10 0 0 1 -10 10H${vx + 10}a10 10 0 0 1 -10 -10Z`,
    { fill: "#1c1a4a" },
  );
  const cx = vx + vw / 2;
  const cy = vy + vh / 2;
  player += circle(cx, cy, 46, { fill: "#fff", "fill-opacity": 0.92 });
  player += path(`M${cx - 12} ${cy - 20}L${cx + 22} ${cy}L${cx - 12} ${cy + 20}Z`, { fill: "#4338ca" });
  const ty = vy + vh + 28;
  player += bar(vx, ty, vw, 6, "#fff", 0.18) + bar(vx, ty, vw * 0.42, 6, "#22d3ee");
  player += circle(vx + vw * 0.42, ty + 3, 9, { fill: "#fff" });
  const iy = ty + 30;
  player += path(`M${vx} ${iy - 9}L${vx + 15} ${iy}L${vx} ${iy + 9}Z`, { fill: "#fff", "fill-opacity": 0.8 });
  for (let i = 0; i < 4; i++)
    player += rect(vx + 36 + i * 7, iy + 6 - i * 4, 4, 4 + i * 4, 1, { fill: "#fff", "fill-opacity": 0.6 });
  player += bar(vx + 90, iy - 4, 90, 8, "#fff", 0.35);
  const fx = vx + vw - 20;
  player += path(
    `M${fx} ${iy - 3}v-6h6M${fx + 14} ${iy - 9}h6v6M${fx + 20} ${iy + 3}v6h-6M${fx + 6} ${iy + 9}h-6v-6`,
    { fill: "none", stroke: "#fff", "stroke-opacity": 0.7, "stroke-width": 3 },
  );
  out += group(player, { filter: S.shadow(30, 26, 0.55) });
  // Chapter chips below the player.
  for (let i = 0; i < 3; i++) {
    const chx = x + i * 206;
    const chy = y + 470;
    const done = i < 2;
    out += glassCard(
      chx,
      chy,
      188,
      56,
      circle(chx + 28, chy + 28, 12, {
        fill: done ? "#22d3ee" : "none",
        stroke: "#22d3ee",
        "stroke-width": 2.5,
      }) +
        (done
          ? path(`M${chx + 22} ${chy + 28}l5 5l9 -10`, { fill: "none", stroke: "#0d0c22", "stroke-width": 3 })
          : "") +
        bar(chx + 52, chy + 21, 100, 7, "#fff", 0.7) +
        bar(chx + 52, chy + 33, 64, 6, "#fff", 0.35),
      14,
    );
  }

  // Progress ring + lesson checklist on the left.
  const rx = 250;
  const ry = 300;
  const rr = 70;
  const circ = 2 * Math.PI * rr;
  out += circle(rx, ry, rr, { fill: "none", stroke: "#fff", "stroke-opacity": 0.12, "stroke-width": 16 });
  out += circle(rx, ry, rr, {
    fill: "none",
    stroke: "#22d3ee",
    "stroke-width": 16,
    "stroke-linecap": "round",
    "stroke-dasharray": `${n(circ * 0.68)} ${n(circ)}`,
    transform: `rotate(-90 ${rx} ${ry})`,
  });
  out += bar(rx - 30, ry - 10, 60, 14, "#fff", 0.85) + bar(rx - 20, ry + 12, 40, 7, "#fff", 0.4);
  let list = bar(150, 540, 150, 10, "#fff", 0.8);
  for (let i = 0; i < 4; i++) {
    const ly = 584 + i * 46;
    const done = i < 2;
    list += circle(164, ly, 12, {
      fill: done ? "#f472b6" : "none",
      stroke: "#f472b6",
      "stroke-width": 2.5,
      "stroke-opacity": done ? 1 : 0.6,
    });
    if (done) list += path(`M158 ${ly}l5 5l9 -10`, { fill: "none", stroke: "#fff", "stroke-width": 3 });
    list += bar(190, ly - 5, rnd.int(150, 210), 9, "#fff", done ? 0.45 : 0.75);
  }
  out += glassCard(126, 512, 340, 244, list, 20);
  out += sparkle(560, 230, 14, "#a5f3fc", 0.45);
  return out + heroFinish(S);
}

function heroProduct5(S, rnd) {
  let out = S.fill(
    S.linear(
      [
        [0, "#100b26"],
        [0.55, "#261a58"],
        [1, "#1a123d"],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  out += S.glow(1650, 640, 640, "#f59e0b", 0.26);
  out += S.glow(280, 300, 460, "#7c3aed", 0.32);
  out += S.glow(900, 1160, 600, "#4f46e5", 0.25);
  // Framed picture on the wall (left) and a shelf line (right).
  out += group(
    rect(300, 170, 220, 160, 6, { fill: "#eef0ff" }) +
      rect(316, 186, 188, 128, 2, {
        fill: S.linear([
          [0, "#6366f1"],
          [1, "#c084fc"],
        ]),
      }) +
      circle(460, 226, 22, { fill: "#fde68a", "fill-opacity": 0.9 }) +
      path("M316 314L380 250L430 290L470 260L504 290V314Z", { fill: "#312e81", "fill-opacity": 0.8 }),
    { filter: S.shadow(14, 10, 0.4), opacity: 0.85 },
  );
  out += deskSurface(S, 780, "#3a2a72", "#120c2c", 0.14);

  // Notebook + pen + phone lying on the desk, drawn top-down and projected.
  const proj = "matrix(1 0 -0.42 0.4 250 800)";
  let top = rect(-8, -8, 556, 376, 14, { fill: "#4338ca" });
  top += rect(0, 0, 268, 360, 6, { fill: "#f8f7ff" }) + rect(272, 0, 268, 360, 6, { fill: "#eeedfb" });
  for (let i = 1; i < 13; i++) {
    top += rect(300, i * 26 + 10, 210, 2, 0, { fill: "#c7c6e8" });
  }
  top += rect(30, 40, 200, 120, 8, { fill: "none", stroke: "#4338ca", "stroke-width": 5 });
  top +=
    circle(90, 100, 28, { fill: "#a5b4fc" }) +
    bar(140, 80, 70, 10, "#4338ca") +
    bar(140, 104, 50, 10, "#818cf8");
  for (let i = 0; i < 3; i++)
    top += rect(30 + i * 70, 200, 56, 110, 8, { fill: ["#c7d2fe", "#fde68a", "#a7f3d0"][i] });
  for (let i = 0; i < 12; i++)
    top += circle(270, 20 + i * 29, 7, { fill: "none", stroke: "#6b7280", "stroke-width": 4 });
  top += group(
    rect(330, 300, 190, 14, 7, { fill: "#f59e0b" }) + path("M520 300l30 7l-30 7Z", { fill: "#fde68a" }),
    {
      transform: "rotate(-25 440 307)",
    },
  );
  top += rect(640, 40, 170, 330, 26, { fill: "#0b0a1a" }) + rect(652, 54, 146, 302, 18, { fill: "#312e81" });
  top += rect(666, 80, 118, 60, 10, { fill: "#6366f1" }) + bar(666, 160, 90, 12, "#c7d2fe", 0.8);
  out += ellipse(520, 900, 420, 50, { fill: "#000", "fill-opacity": 0.45, filter: S.blur(18) });
  out += group(top, { transform: proj });

  // Desk lamp (right): base, two-part arm, shade tilted towards the mug.
  const base = [1730, 872];
  const elbow = [1790, 650];
  const shade = [1620, 500];
  const rad = (20 * Math.PI) / 180;
  const at = (x, y) => [
    shade[0] + x * Math.cos(rad) - y * Math.sin(rad),
    shade[1] + x * Math.sin(rad) + y * Math.cos(rad),
  ];
  const [o1, o2, oc] = [at(-70, 40), at(70, 40), at(0, 52)];
  out += path(poly([o1, o2, [1640, 884], [1160, 884]]), {
    fill: S.linear([
      [0, "#fde68a", 0.3],
      [1, "#fde68a", 0.06],
    ]),
    filter: S.blur(16),
  });
  out += ellipse(1400, 888, 330, 42, { fill: "#fcd34d", "fill-opacity": 0.16, filter: S.blur(18) });
  out += ellipse(base[0], base[1] + 6, 110, 14, { fill: "#000", "fill-opacity": 0.5, filter: S.blur(8) });
  out += ellipse(base[0], base[1], 86, 18, { fill: "#1a1533" });
  out += rect(base[0] - 86, base[1] - 14, 172, 14, 7, { fill: "#2a2350" });
  out += path(`M${base[0]} ${base[1] - 10}L${elbow[0]} ${elbow[1]}L${n(shade[0] + 20)} ${n(shade[1] - 30)}`, {
    fill: "none",
    stroke: "#2a2350",
    "stroke-width": 14,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  });
  out += circle(elbow[0], elbow[1], 12, { fill: "#4338ca" });
  out += group(
    path("M-70 40Q-60 -40 0 -46Q60 -40 70 40Z", { fill: "#4338ca" }) +
      path("M-40 -20Q-10 -40 20 -36", {
        fill: "none",
        stroke: "#fff",
        "stroke-opacity": 0.25,
        "stroke-width": 6,
        "stroke-linecap": "round",
      }) +
      ellipse(0, 40, 70, 12, { fill: "#fde68a" }),
    { transform: `translate(${shade[0]} ${shade[1]}) rotate(20)` },
  );
  out += S.glow(oc[0], oc[1], 120, "#fff7d6", 0.5);

  // Mug inside the lamp light, plant at the back of the desk.
  out += mug(S, 1360, 880, 118, 134, "#f5f3ff", "#f59e0b");
  out += plant(S, rnd, 150, 668, 120, "#312e81", ["#22c55e", "#16a34a", "#4ade80"]);
  return out + heroFinish(S);
}

// ── Hero: photo-like scenes ────────────────────────────────────────────────

/** Midpoint-displacement ridge: count+1 points across the width. */
function ridge(rnd, base, amp, rough, count = 64, w = HW) {
  const ys = new Array(count + 1);
  ys[0] = base + rnd.float(-amp, amp) * 0.6;
  ys[count] = base + rnd.float(-amp, amp) * 0.6;
  let step = count;
  let a = amp;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < count; i += step) ys[i] = (ys[i - half] + ys[i + half]) / 2 + rnd.float(-a, a);
    a *= rough;
    step = half;
  }
  return ys.map((y, i) => [-20 + (i * (w + 40)) / count, y]);
}

/** Ridge → filled silhouette down to the bottom edge. */
function ridgeShape(points, { sharp = false, bottom = HH + 20 } = {}) {
  const line = sharp ? "M" + points.map(([x, y]) => `${n(x)} ${n(y)}`).join("L") : smooth(points);
  return `${line}L${n(points[points.length - 1][0])} ${bottom}L${n(points[0][0])} ${bottom}Z`;
}

/** Sparse stars in the upper sky. */
function stars(rnd, count, yMax, maxOpacity = 0.8) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const y = rnd.float(0, 1) ** 1.6 * yMax;
    out += circle(rnd.float(0, HW), y, rnd.float(0.9, 2.2), {
      fill: "#fff",
      "fill-opacity": n(rnd.float(0.25, maxOpacity) * (1 - y / yMax / 1.6)),
    });
  }
  return out;
}

function heroStock1(S, rnd) {
  // Mountains at dusk.
  let out = S.fill(
    S.linear([
      [0, "#0a0c2a"],
      [0.3, "#221a55"],
      [0.5, "#4a2c70"],
      [0.62, "#8a4a7c"],
      [0.72, "#d0806e"],
    ]),
  );
  out += stars(rnd, 90, 380, 0.7);
  out += S.glow(1320, 680, 700, "#ffb37a", 0.35, 0.5);
  out += S.glow(1320, 700, 200, "#ffe3b3", 0.45, 0.7);
  out += group(
    ellipse(420, 300, 360, 22, { fill: "#f0a3b0", "fill-opacity": 0.18 }) +
      ellipse(1560, 250, 300, 16, { fill: "#f0a3b0", "fill-opacity": 0.14 }) +
      ellipse(1380, 420, 420, 18, { fill: "#ffb38a", "fill-opacity": 0.14 }),
    { filter: S.blur(10) },
  );
  const layers = [
    { base: 640, amp: 170, top: "#74467f", bottom: "#5a3670", blur: 1.5 },
    { base: 710, amp: 200, top: "#5e3a76", bottom: "#452a62", blur: 1 },
    { base: 790, amp: 180, top: "#43285e", bottom: "#30204c", blur: 0.6 },
    { base: 880, amp: 150, top: "#33214f", bottom: "#21163a", blur: 0 },
    { base: 990, amp: 110, top: "#181029", bottom: "#0b0717", blur: 0 },
  ];
  for (const [i, l] of layers.entries()) {
    const pts = ridge(rnd, l.base, l.amp, 0.53, 128).map(([x, y]) => {
      // Keep the middle of the far ranges low so the headline sits on sky.
      const d = Math.min(1, Math.abs(x - HW / 2) / (HW / 2));
      return [x, y + (i < 3 ? (1 - d) ** 1.5 * 90 : 0)];
    });
    out += path(ridgeShape(pts, { sharp: true }), {
      fill: S.linear([
        [0, l.top],
        [0.5, l.bottom],
      ]),
      filter: l.blur ? S.blur(l.blur) : undefined,
    });
    // Mist settling in front of each range.
    if (i < layers.length - 1) {
      out += rect(0, l.base, HW, 220, 0, {
        fill: S.linear([
          [0, "#e29a8a", 0],
          [0.7, "#e29a8a", 0.08 - i * 0.02],
          [1, "#e29a8a", 0],
        ]),
      });
    }
  }
  return out + heroFinish(S, 0.32, 0.5);
}

function heroStock2(S, rnd) {
  // Ocean horizon with low sun.
  const horizon = 690;
  let out = rect(0, 0, HW, horizon + 2, 0, {
    fill: S.linear([
      [0, "#0b0f2e"],
      [0.4, "#2c2060"],
      [0.72, "#7a3a74"],
      [0.92, "#d8776a"],
      [1, "#f0a070"],
    ]),
  });
  out += stars(rnd, 50, 260, 0.55);
  out += S.glow(1380, horizon, 760, "#ff9a6a", 0.42, 0.5);
  out += S.glow(1380, horizon, 180, "#ffe0b0", 0.75, 0.8);
  // Clouds: long, thin, lit from below.
  let clouds = "";
  for (let i = 0; i < 9; i++) {
    const cx = rnd.pick([rnd.float(0, 560), rnd.float(1300, HW)]);
    const cy = rnd.float(180, 560);
    clouds += ellipse(cx, cy, rnd.float(160, 380), rnd.float(8, 20), {
      fill: cy > 420 ? "#f6a38a" : "#b7739a",
      "fill-opacity": n(rnd.float(0.18, 0.32)),
    });
  }
  out += group(clouds, { filter: S.blur(9) });
  out += circle(1380, horizon + 4, 56, { fill: "#ffe7c2", filter: S.blur(6) });
  // Sea.
  out += rect(0, horizon, HW, HH - horizon, 0, {
    fill: S.linear([
      [0, "#6b3a6a"],
      [0.15, "#3a2658"],
      [1, "#0a0c24"],
    ]),
  });
  let waves = "";
  for (let i = 0; i < 46; i++) {
    const t = i / 46;
    const y = horizon + 6 + t ** 1.6 * (HH - horizon);
    const x = rnd.float(-200, HW);
    waves += rect(x, y, rnd.float(200, 700) * (0.4 + t), 1.5 + t * 3, 1, {
      fill: "#c9a0d0",
      "fill-opacity": n(0.05 + 0.06 * (1 - t)),
    });
  }
  out += group(waves, { filter: S.blur(1.2) });
  // Sun glitter path on the water.
  let glitter = "";
  for (let i = 0; i < 140; i++) {
    const t = rnd.next() ** 1.3;
    const y = horizon + 5 + t ** 1.4 * (HH - horizon);
    const spread = 20 + t * 210;
    const offset = (rnd.next() + rnd.next() + rnd.next() - 1.5) * spread;
    const width = (16 + t * 150) * rnd.float(0.3, 1);
    glitter += rect(1380 + offset - width / 2, y, width, 1.5 + t * 3.5, 1.5, {
      fill: "#ffd9a8",
      "fill-opacity": n((0.6 - t * 0.4) * rnd.float(0.3, 1)),
    });
  }
  out += ellipse(1380, horizon + 80, 90, 70, { fill: "#ff9a6a", "fill-opacity": 0.18, filter: S.blur(30) });
  out += group(glitter, { filter: S.blur(1.6) });
  out += rect(0, horizon - 1, HW, 3, 0, { fill: "#ffc8a0", "fill-opacity": 0.25, filter: S.blur(1.5) });
  return out + heroFinish(S, 0.36, 0.5);
}

function heroStock3(S, rnd) {
  // City skyline at night.
  let out = S.fill(
    S.linear([
      [0, "#03051a"],
      [0.5, "#0d1440"],
      [0.8, "#2a1f5e"],
      [1, "#53306e"],
    ]),
  );
  out += stars(rnd, 80, 420, 0.6);
  out += circle(1540, 190, 46, { fill: "#f5f1e6", "fill-opacity": 0.92 });
  out += S.glow(1540, 190, 220, "#c7d2fe", 0.25);
  out += S.glow(960, 1080, 1000, "#f472b6", 0.22, 0.4);
  out += group(
    ellipse(300, 260, 380, 26, { fill: "#6366f1", "fill-opacity": 0.12 }) +
      ellipse(1300, 330, 460, 22, { fill: "#6366f1", "fill-opacity": 0.1 }),
    { filter: S.blur(14) },
  );
  const windowColors = ["#fde68a", "#fcd34d", "#fef3c7", "#fdba74"];
  const skyline = (baseTop, spread, color, windowOpacity, lit, blur) => {
    let shapes = "";
    let lights = "";
    const wins = windowColors.map(() => "");
    let x = -30;
    while (x < HW + 20) {
      const bw = rnd.float(70, 170);
      const edge = Math.abs(x + bw / 2 - HW / 2) / (HW / 2);
      const height = baseTop + spread * edge ** 1.4 + rnd.float(0, spread * 0.35);
      const top = HH - height;
      shapes += rect(x, top, bw, height + 10, 0, {});
      if (rnd.chance(0.3)) shapes += rect(x + bw * 0.25, top - 26, bw * 0.5, 28, 0, {});
      if (rnd.chance(0.25)) {
        shapes += rect(x + bw * 0.5 - 2, top - 70, 4, 70, 0, {});
        lights += circle(x + bw * 0.5, top - 72, 4, { fill: "#f87171", "fill-opacity": windowOpacity });
      }
      const cols = Math.floor((bw - 16) / 16);
      const rows = Math.floor((height - 30) / 24);
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          if (!rnd.chance(lit)) continue;
          const k = rnd.int(0, windowColors.length - 1);
          wins[k] += `M${n(x + 10 + c * 16)} ${n(top + 16 + r * 24)}h7v11h-7Z`;
        }
      }
      x += bw + rnd.float(-6, 10);
    }
    let g = group(shapes, { fill: color }) + lights;
    g += wins
      .map((d, k) => (d ? path(d, { fill: windowColors[k], "fill-opacity": windowOpacity }) : ""))
      .join("");
    return group(g, { filter: blur ? S.blur(blur) : undefined });
  };
  out += skyline(300, 360, "#1d2156", 0.35, 0.16, 1.6);
  out += rect(0, 600, HW, 480, 0, {
    fill: S.linear([
      [0, "#5b3a7a", 0],
      [1, "#5b3a7a", 0.35],
    ]),
  });
  out += skyline(170, 330, "#070a1e", 0.8, 0.2, 0);
  out += rect(0, 960, HW, 120, 0, {
    fill: S.linear([
      [0, "#02030c", 0],
      [1, "#02030c", 0.8],
    ]),
  });
  return out + heroFinish(S, 0.3, 0.45);
}

/** Conifer silhouette (path data) standing on (x, base); rnd makes it irregular. */
function conifer(x, base, h, w, rnd) {
  const jitter = (k) => (rnd ? rnd.float(1 - k, 1 + k) : 1);
  const tiers = rnd ? rnd.int(6, 9) : 5;
  const top = base - h;
  const side = (dir) => {
    const pts = [];
    for (let i = 1; i <= tiers; i++) {
      const y = top + h * 0.9 * (i / tiers) * (i < tiers ? jitter(0.05) : 1);
      const hw = (w / 2) * (i / tiers) ** 0.8 * jitter(0.2);
      pts.push([x + dir * hw, y + h * 0.015]);
      if (i < tiers) pts.push([x + dir * hw * 0.3, y - h * 0.02]);
    }
    pts.push([x + dir * w * 0.04, top + h * 0.9], [x + dir * w * 0.04, base + 4]);
    return pts;
  };
  return poly([[x, top], ...side(1), ...side(-1).reverse()]);
}

function heroStock4(S, rnd) {
  // Forest layers in fog.
  let out = S.fill(
    S.linear([
      [0, "#14232b"],
      [0.45, "#2f4a52"],
      [0.7, "#4a6468"],
      [1, "#24383d"],
    ]),
  );
  out += S.glow(560, 180, 700, "#e7efe4", 0.22, 0.7);
  const layers = [
    { base: 600, color: "#587277", blur: 5, h: [60, 110], fog: 0.2 },
    { base: 690, color: "#466066", blur: 3.5, h: [80, 150], fog: 0.18 },
    { base: 790, color: "#33494f", blur: 2, h: [100, 180], fog: 0.16 },
    { base: 900, color: "#1f3035", blur: 1, h: [120, 220], fog: 0.12 },
    { base: 1010, color: "#0c161a", blur: 0, h: [150, 280], fog: 0 },
  ];
  for (const [i, l] of layers.entries()) {
    const pts = ridge(rnd, l.base, 40, 0.5, 32);
    const yAt = (x) => {
      const k = Math.min(31.999, Math.max(0, ((x + 20) / (HW + 40)) * 32));
      const a = Math.floor(k);
      return pts[a][1] + (pts[a + 1][1] - pts[a][1]) * (k - a);
    };
    let d = ridgeShape(pts);
    let x = rnd.float(-20, 10);
    while (x < HW + 20) {
      const edge = Math.abs(x - HW / 2) / (HW / 2);
      // Fewer, lower trees behind the headline on the far layers.
      const scale = i < 3 ? 0.5 + 0.5 * edge : 0.7 + 0.3 * edge;
      const h = rnd.float(l.h[0], l.h[1]) * scale;
      d += conifer(x, yAt(x) + 6, h, h * rnd.float(0.3, 0.4), rnd);
      x += h * rnd.float(0.16, 0.32);
    }
    out += path(d, { fill: l.color, filter: l.blur ? S.blur(l.blur) : undefined });
    if (l.fog) {
      out += rect(0, l.base - 160, HW, 260, 0, {
        fill: S.linear([
          [0, "#d9e4e0", 0],
          [0.6, "#d9e4e0", l.fog],
          [1, "#d9e4e0", 0],
        ]),
      });
    }
  }
  // Framing trees at the edges.
  let frame = "";
  for (const [x, h] of [
    [70, 1000],
    [210, 760],
    [1720, 880],
    [1860, 1040],
  ]) {
    frame += conifer(x, HH + 20, h, h * 0.3, rnd);
  }
  out += path(frame, { fill: "#071014" });
  return out + heroFinish(S, 0.3, 0.5);
}

function heroStock5(S, rnd) {
  // Aurora over dark hills.
  let out = S.fill(
    S.linear([
      [0, "#02040e"],
      [0.55, "#061628"],
      [0.85, "#0b2a3a"],
      [1, "#0b2a3a"],
    ]),
  );
  out += stars(rnd, 140, 760, 0.75);
  // Aurora: curtains of vertical rays along a wavy base line, each ray
  // bright at the bottom and fading upwards, blurred mostly sideways.
  const rays = S.linear([
    [0, "#c084fc", 0],
    [0.45, "#818cf8", 0.25],
    [0.8, "#2dd4bf", 0.75],
    [0.93, "#86efac", 1],
    [1, "#86efac", 0],
  ]);
  const curtain = (y0, slope, amp, height, phase, strength) => {
    let d = "";
    const base = (x) =>
      y0 + slope * (x / HW) + Math.sin(x / 260 + phase) * amp + Math.sin(x / 97 + phase * 2) * amp * 0.25;
    // One element per ray: the gradient follows each ray's own bounding box.
    for (let x = -120; x < HW + 120; x += 6) {
      const h = height * (0.45 + 0.55 * Math.sin(x / 150 + phase * 3) ** 2) * rnd.float(0.7, 1.15);
      d += rect(x, base(x) - h, rnd.float(3, 6), h, 0, {
        fill: rays,
        "fill-opacity": rnd.pick([0.45, 0.75, 1]),
      });
    }
    let line = [];
    for (let x = -120; x <= HW + 120; x += 60) line.push([x, base(x) - 6]);
    return (
      group(d, {
        opacity: strength,
        filter: S.blur("4 2"),
      }) +
      path(smooth(line), {
        fill: "none",
        stroke: "#86efac",
        "stroke-opacity": strength * 0.35,
        "stroke-width": 16,
        filter: S.blur(12),
      })
    );
  };
  out += S.glow(900, 320, 900, "#10b981", 0.12, 0.45);
  out += curtain(190, 90, 35, 160, 2.4, 0.3);
  out += curtain(290, 60, 25, 150, 4.4, 0.22);
  out += curtain(420, -240, 70, 300, 0.3, 0.7);
  out += S.glow(960, 1000, 900, "#0f766e", 0.22, 0.35);
  // Far hills, a calm lake with a faint reflection, dark near hills with trees.
  const far = ridge(rnd, 830, 80, 0.5, 64);
  out += path(ridgeShape(far), { fill: "#0b1c26", filter: S.blur(1.5) });
  out += rect(0, 900, HW, 180, 0, {
    fill: S.linear([
      [0, "#0f3a40"],
      [1, "#040a12"],
    ]),
  });
  out += group(
    ellipse(820, 925, 520, 9, { fill: "#4ade80", "fill-opacity": 0.18 }) +
      ellipse(1250, 950, 420, 7, { fill: "#22d3ee", "fill-opacity": 0.12 }),
    { filter: S.blur(6) },
  );
  const profile = (x) => {
    // Left hill falls towards the lake, the right one rises to the edge.
    if (x < 1150) return 830 + Math.max(0, Math.min(1, x / 820)) ** 1.8 * 280;
    return 1110 - Math.min(1, (x - 1150) / 770) ** 0.8 * 300;
  };
  const near = ridge(rnd, 0, 26, 0.55, 64).map(([x, y]) => [x, profile(x) + y]);
  let d = ridgeShape(near);
  const yAt = (x) => near[Math.min(64, Math.max(0, Math.round(((x + 20) / (HW + 40)) * 64)))][1];
  for (const [from, to] of [
    [-10, 420],
    [1480, HW + 20],
  ]) {
    let x = from;
    while (x < to) {
      const h =
        rnd.float(60, 160) *
        (to > HW ? 0.7 + 0.3 * ((x - from) / (to - from)) : 1 - 0.4 * ((x - from) / (to - from)));
      d += conifer(x, yAt(x) + 12, h, h * 0.34, rnd);
      x += rnd.float(16, 38);
    }
  }
  out += path(d, { fill: "#01040a" });
  return out + heroFinish(S, 0.25, 0.45);
}

// ── About: team illustration ───────────────────────────────────────────────

const TW = 1600;
const TH = 1067;

/** Seated figure seen from the front (behind a table): head, hair, torso, arms. */
function personFront(x, y, { skin, hair, shirt, hairStyle }) {
  let out = path(`M${x - 62} ${y + 190}V${y + 110}a62 62 0 0 1 62 -62a62 62 0 0 1 62 62V${y + 190}Z`, {
    fill: shirt,
  });
  out += rect(x - 14, y + 34, 28, 24, 8, { fill: skin });
  out += circle(x, y, 40, { fill: skin });
  if (hairStyle === "short")
    out += path(`M${x - 41} ${y - 2}a41 41 0 0 1 82 0q-20 -18 -41 -16q-22 -2 -41 16Z`, { fill: hair });
  if (hairStyle === "long")
    out += path(
      `M${x - 43} ${y + 46}V${y}a43 43 0 0 1 86 0V${y + 46}h-16V${y - 4}q-27 -10 -54 0V${y + 46}Z`,
      {
        fill: hair,
      },
    );
  if (hairStyle === "bun")
    out +=
      circle(x, y - 48, 18, { fill: hair }) +
      path(`M${x - 41} ${y}a41 41 0 0 1 82 0q-41 -22 -82 0Z`, { fill: hair });
  return out;
}

/** Arm as a thick rounded stroke. */
const arm = (d, color) =>
  path(d, {
    fill: "none",
    stroke: color,
    "stroke-width": 26,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  });

function teamImage(S, rnd) {
  const indigo = "#4338ca";
  let out = S.fill(
    S.linear([
      [0, "#f6f5ff"],
      [1, "#ebe8fb"],
    ]),
  );
  const floorY = 800;
  out += rect(0, floorY, TW, TH - floorY, 0, {
    fill: S.linear([
      [0, "#dcd6f3"],
      [1, "#cfc8ec"],
    ]),
  });
  out += rect(0, floorY - 6, TW, 10, 0, { fill: "#c9c1ea" });

  // Window with sky.
  out += rect(90, 110, 400, 480, 12, { fill: "#fff", stroke: "#ddd8f3", "stroke-width": 3 });
  out += rect(108, 128, 364, 444, 4, {
    fill: S.linear([
      [0, "#a5b4fc"],
      [1, "#e0f2fe"],
    ]),
  });
  out += group(
    ellipse(200, 240, 70, 20, {}) +
      ellipse(240, 226, 44, 24, {}) +
      ellipse(380, 380, 80, 18, {}) +
      ellipse(410, 368, 40, 20, {}),
    { fill: "#fff", "fill-opacity": 0.85 },
  );
  out += path("M108 520Q200 470 300 500T472 480V572H108Z", { fill: "#a7f3d0", "fill-opacity": 0.7 });
  out += rect(284, 128, 12, 444, 0, { fill: "#fff" }) + rect(108, 344, 364, 12, 0, { fill: "#fff" });
  out += rect(74, 584, 432, 18, 6, { fill: "#fff", stroke: "#ddd8f3", "stroke-width": 2 });
  // Light falling in.
  out += path("M108 600L472 600L700 1067H0V860Z", { fill: "#fff", "fill-opacity": 0.28, filter: S.blur(24) });

  // Wall art.
  out += group(
    rect(640, 150, 230, 170, 6, { fill: "#fff" }) +
      rect(656, 166, 198, 138, 2, { fill: "#e0e7ff" }) +
      circle(800, 214, 30, { fill: "#fbbf24" }) +
      path("M656 304Q710 230 760 270T854 250V304Z", { fill: indigo }),
    { transform: "translate(-50 0)", filter: S.shadow(8, 6, 0.15, "#312e81") },
  );
  out += group(
    rect(850, 190, 120, 150, 6, { fill: "#fff" }) +
      rect(864, 204, 92, 122, 2, { fill: "#818cf8" }) +
      circle(910, 265, 28, { fill: "#fff", "fill-opacity": 0.5 }),
    { filter: S.shadow(8, 6, 0.15, "#312e81") },
  );

  // Shelves with books and plants (right wall).
  const bookColors = [indigo, "#f59e0b", "#14b8a6", "#ec4899", "#64748b", "#818cf8", "#0ea5e9"];
  let shelves = "";
  for (const [sy, from, to] of [
    [300, 1150, 1480],
    [450, 1150, 1480],
  ]) {
    shelves += rect(from - 10, sy, to - from + 20, 14, 4, {
      fill: "#fff",
      stroke: "#d8d2f1",
      "stroke-width": 2,
    });
    let bx = from + (sy === 300 ? 10 : 230);
    const limit = sy === 300 ? from + 200 : to - 20;
    while (bx < limit) {
      const bw = rnd.int(18, 30);
      const bh = rnd.int(70, 110);
      shelves += rect(bx, sy - bh, bw, bh, 3, { fill: rnd.pick(bookColors) });
      shelves += rect(bx + 4, sy - bh + 14, bw - 8, 5, 2, { fill: "#fff", "fill-opacity": 0.5 });
      bx += bw + rnd.int(2, 6);
    }
  }
  shelves += plant(S, rnd, 1400, 260, 40, "#fff", ["#22c55e", "#16a34a", "#4ade80"]);
  // Box and trailing plant on the lower shelf.
  shelves +=
    rect(1170, 380, 110, 70, 6, { fill: "#c7d2fe" }) + rect(1170, 380, 110, 12, 4, { fill: "#a5b4fc" });
  // Trailing plant: the vine leaves the pot rim and drapes over the shelf edge.
  let vine = path("M1305 402H1355L1350 450H1310Z", { fill: "#fff", stroke: "#ddd8f3", "stroke-width": 2 });
  const vinePts = [
    [1336, 400],
    [1366, 420],
    [1376, 462],
    [1368, 510],
    [1378, 556],
  ];
  vine += path(smooth(vinePts), { fill: "none", stroke: "#15803d", "stroke-width": 3 });
  vine += ellipse(1320, 392, 16, 8, { fill: "#16a34a", transform: "rotate(-20 1320 392)" });
  for (let i = 1; i < 5; i++) {
    const [vx, vy] = vinePts[i];
    const side = i % 2 ? 1 : -1;
    vine += ellipse(vx + side * 10, vy, 13, 7, {
      fill: i % 2 ? "#22c55e" : "#16a34a",
      transform: `rotate(${side * 35} ${n(vx + side * 10)} ${n(vy)})`,
    });
  }
  shelves += vine;
  out += shelves;

  // Pendant lamp above the round table.
  const tx = 1000;
  out += rect(tx - 1.5, 0, 3, 290, 0, { fill: "#6b7280" });
  out += path(`M${tx - 80} 340A80 66 0 0 1 ${tx + 80} 340Z`, { fill: indigo });
  out += ellipse(tx, 340, 80, 10, { fill: "#312e81" });
  out += S.glow(tx, 380, 240, "#fde68a", 0.3, 0.7);

  // Rug and shadows.
  out += ellipse(tx, 920, 460, 80, { fill: "#c7d2fe", "fill-opacity": 0.8 });
  out += ellipse(tx, 916, 420, 66, {
    fill: "none",
    stroke: "#fff",
    "stroke-opacity": 0.6,
    "stroke-width": 4,
  });

  // Desk on the left with monitors and a person from behind.
  out += ellipse(360, 860, 320, 26, { fill: "#a69fd0", "fill-opacity": 0.5, filter: S.blur(14) });
  out += rect(100, 680, 16, 180, 4, { fill: "#9b93c9" }) + rect(584, 680, 16, 180, 4, { fill: "#9b93c9" });
  out += rect(70, 660, 560, 24, 8, { fill: "#fff", stroke: "#ddd8f3", "stroke-width": 2 });
  const monitor = (x, y, w, h, content) =>
    rect(x + w / 2 - 8, y + h, 16, 660 - y - h - 8, 0, { fill: "#6b7280" }) +
    rect(x + w / 2 - 40, 650, 80, 10, 4, { fill: "#6b7280" }) +
    rect(x, y, w, h, 10, { fill: "#1e1b4b" }) +
    rect(x + 8, y + 8, w - 16, h - 16, 4, { fill: indigo }) +
    content;
  let code = "";
  for (let i = 0; i < 6; i++)
    code += bar(150 + (i % 3) * 14, 500 + i * 16, rnd.int(60, 130), 7, i % 2 ? "#a5b4fc" : "#fde68a", 0.85);
  out += monitor(130, 480, 240, 140, code);
  let chart = "";
  for (let i = 0; i < 6; i++) {
    const h = [30, 50, 40, 70, 56, 84][i];
    chart += rect(412 + i * 26, 596 - h, 16, h, 3, { fill: i === 5 ? "#fbbf24" : "#c7d2fe" });
  }
  out += monitor(396, 500, 190, 120, chart);
  out += plant(S, rnd, 580, 620, 36, "#fff", ["#22c55e", "#4ade80"]);
  // Person at the desk (from behind) on an indigo chair.
  const px = 330;
  out += rect(px - 8, 800, 16, 60, 0, { fill: "#6b7280" }) + ellipse(px, 866, 60, 10, { fill: "#6b7280" });
  out += rect(px - 80, 780, 160, 26, 12, { fill: "#312e81" });
  out += path(`M${px - 70} 800V700a70 70 0 0 1 140 0V800Z`, { fill: "#0d9488" });
  out += rect(px - 16, 612, 32, 30, 8, { fill: "#c98e68" });
  out += circle(px, 590, 44, { fill: "#2b2140" });
  out += rect(px - 90, 720, 180, 100, 26, { fill: indigo });

  // Round table with four people.
  const people = [
    { x: 880, y: 560, skin: "#f1c7a6", hair: "#5b3a29", shirt: "#f59e0b", hairStyle: "long" },
    { x: 1120, y: 556, skin: "#8a5a3c", hair: "#111827", shirt: "#14b8a6", hairStyle: "short" },
  ];
  for (const p of people) {
    out += rect(p.x - 78, 600, 156, 150, 40, { fill: indigo });
    out += personFront(p.x, p.y, p);
    out += arm(`M${p.x - 50} ${p.y + 120}L${p.x - 60} ${p.y + 170}L${p.x - 10} ${p.y + 176}`, p.shirt);
    out += arm(`M${p.x + 50} ${p.y + 120}L${p.x + 60} ${p.y + 170}L${p.x + 10} ${p.y + 176}`, p.shirt);
  }
  // Side figures (profile-less: head + body turned towards the table).
  const side = (x, dir, skin, hair, shirt, trousers) => {
    let s = "";
    // Chair.
    s += rect(x - 70 * dir - 10, 620, 20, 200, 10, { fill: indigo });
    s += rect(Math.min(x - 70 * dir, x + 40 * dir) - 10, 790, 130, 22, 10, { fill: indigo });
    s += rect(x - 6, 810, 12, 70, 0, { fill: "#6b7280" });
    // Legs under the table.
    s += path(`M${x} 800H${x + 110 * dir}V${n(890)}`, {
      fill: "none",
      stroke: trousers,
      "stroke-width": 40,
      "stroke-linejoin": "round",
    });
    s += ellipse(x + 124 * dir, 896, 30, 12, { fill: "#1f2937" });
    // Torso.
    s += rect(x - 46, 650, 92, 160, 40, { fill: shirt });
    s += circle(x + 4 * dir, 604, 40, { fill: skin });
    s += path(`M${x + 4 * dir - 41} 604a41 41 0 0 1 82 0q-10 -6 -41 -8q-31 2 -41 8Z`, { fill: hair });
    s += path(`M${x + 4 * dir - 41 * dir} 604q-4 40 ${12 * dir} 50`, {
      fill: "none",
      stroke: hair,
      "stroke-width": 18,
      "stroke-linecap": "round",
    });
    s += arm(`M${x + 10 * dir} 690L${x + 60 * dir} 740L${x + 120 * dir} 728`, shirt);
    return s;
  };
  out += side(700, 1, "#e8b48f", "#b7791f", "#ec4899", "#312e81");
  out += side(1300, -1, "#c68863", "#1f2937", "#6366f1", "#1e293b");
  // Table.
  out += rect(tx - 16, 760, 32, 140, 0, { fill: "#a29bd0" });
  out += ellipse(tx, 904, 110, 18, { fill: "#a29bd0" });
  out += ellipse(tx, 746, 270, 58, { fill: "#e2ddf7" });
  out += ellipse(tx, 736, 270, 56, { fill: "#fff", stroke: "#ddd6fe", "stroke-width": 2 });
  // Things on the table.
  out += group(
    path(`M${tx - 70} 736L${tx + 40} 736L${tx + 60} 720L${tx - 50} 720Z`, { fill: "#cbd5e1" }) +
      path(`M${tx - 50} 720L${tx + 60} 720L${tx + 74} 640L${tx - 36} 640Z`, { fill: "#1e1b4b" }) +
      path(`M${tx - 42} 714L${tx + 54} 714L${tx + 66} 648L${tx - 30} 648Z`, { fill: "#818cf8" }),
  );
  out += group(
    rect(tx - 210, 716, 90, 26, 3, {
      fill: "#fff",
      stroke: "#e5e7eb",
      "stroke-width": 2,
      transform: `rotate(-6 ${tx - 165} 729)`,
    }) +
      rect(tx + 120, 722, 80, 24, 3, {
        fill: "#fef3c7",
        stroke: "#fde68a",
        "stroke-width": 2,
        transform: `rotate(8 ${tx + 160} 734)`,
      }),
  );
  for (const [mx, color] of [
    [tx - 110, "#f59e0b"],
    [tx + 100, indigo],
  ]) {
    out += rect(mx, 702, 28, 32, 6, { fill: color });
    out += path(`M${mx + 28} 710h6a8 8 0 0 1 0 16h-6`, { fill: "none", stroke: color, "stroke-width": 4 });
  }

  // Big floor plant (right) and snake plant (left edge).
  let leaves = "";
  for (let i = 0; i < 11; i++) {
    const t = i / 10;
    const angle = -62 + t * 124 + rnd.float(-6, 6);
    const len = rnd.float(190, 280) * (1 - Math.abs(t - 0.5) * 0.4);
    const rad = (angle * Math.PI) / 180;
    const cx = 1480 + Math.sin(rad) * len * 0.55;
    const cy = 740 - Math.cos(rad) * len * 0.55;
    leaves += ellipse(cx, cy, len * 0.22, len * 0.5, {
      fill: ["#16a34a", "#22c55e", "#15803d", "#4ade80"][i % 4],
      transform: `rotate(${n(angle)} ${n(cx)} ${n(cy)})`,
    });
    leaves += path(`M1480 740L${n(cx + Math.sin(rad) * len * 0.3)} ${n(cy - Math.cos(rad) * len * 0.3)}`, {
      stroke: "#14532d",
      "stroke-opacity": 0.35,
      "stroke-width": 3,
    });
  }
  out += ellipse(1480, 890, 110, 18, { fill: "#a69fd0", "fill-opacity": 0.6, filter: S.blur(8) });
  out +=
    leaves +
    path("M1420 740H1540L1524 890H1436Z", { fill: indigo }) +
    rect(1412, 730, 136, 22, 6, { fill: "#312e81" });
  let snake = "";
  for (let i = 0; i < 7; i++) {
    const bx = 38 + i * 10;
    const h = [150, 210, 180, 240, 170, 200, 140][i];
    const lean = (i - 3) * 10;
    snake += path(
      `M${bx - 8} 800Q${bx - 10 + lean / 2} ${800 - h / 2} ${bx + lean} ${800 - h}Q${bx + 8 + lean / 2} ${800 - h / 2} ${bx + 8} 800Z`,
      {
        fill: i % 2 ? "#15803d" : "#65a30d",
      },
    );
  }
  out += ellipse(72, 900, 70, 12, { fill: "#a69fd0", "fill-opacity": 0.6, filter: S.blur(6) });
  out += snake + path("M20 800H130L118 890H32Z", { fill: "#fff", stroke: "#ddd8f3", "stroke-width": 2 });
  return out;
}

// ── Contact header ─────────────────────────────────────────────────────────

const CW = 1920;
const CH = 600;

function contactHeader(S, rnd) {
  let out = S.fill(
    S.linear(
      [
        [0, "#1e1b4b"],
        [0.45, "#312e81"],
        [0.8, "#4338ca"],
        [1, "#5b21b6"],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  out += S.glow(1540, 160, 560, "#818cf8", 0.4);
  out += S.glow(200, 600, 460, "#22d3ee", 0.16);
  out += S.glow(960, 300, 700, "#0b0a24", 0.35, 0.5);
  for (const r of [170, 270, 380, 500]) {
    out += circle(1570, 250, r, {
      fill: "none",
      stroke: "#fff",
      "stroke-opacity": n(0.08 - r / 10000),
      "stroke-width": 2,
    });
  }
  // Dashed flight path from the envelope to the plane.
  out += path("M420 330C620 470 760 520 900 440S1080 250 1180 300S1260 470 1340 420S1420 320 1452 292", {
    fill: "none",
    stroke: "#fff",
    "stroke-opacity": 0.35,
    "stroke-width": 3,
    "stroke-dasharray": "10 14",
    "stroke-linecap": "round",
  });
  // Paper plane.
  const plane =
    path("M1440 300L1760 130L1560 340Z", { fill: "#fff" }) +
    path("M1560 340L1760 130L1620 410Z", { fill: "#c7d2fe" }) +
    path("M1560 340L1584 412L1620 410Z", { fill: "#818cf8" }) +
    path("M1560 340L1760 130", { stroke: "#a5b4fc", "stroke-width": 2 });
  out += group(plane, { filter: S.shadow(18, 20, 0.35, "#0b0a24") });
  // Envelope.
  const envelope =
    rect(190, 200, 280, 180, 14, { fill: "#fff" }) +
    path("M200 378L330 290L460 378Z", { fill: "#e0e7ff" }) +
    path("M196 208L330 304L464 208", {
      fill: "none",
      stroke: "#c7d2fe",
      "stroke-width": 5,
      "stroke-linejoin": "round",
    }) +
    circle(330, 300, 20, { fill: "#f59e0b" }) +
    path("M322 300l6 6l11 -12", {
      fill: "none",
      stroke: "#fff",
      "stroke-width": 3.5,
      "stroke-linecap": "round",
    });
  out += group(envelope, { transform: "rotate(-9 330 290)", filter: S.shadow(18, 18, 0.35, "#0b0a24") });
  // Small letters floating around.
  out += group(
    rect(1810, 440, 70, 46, 6, { fill: "#fff", "fill-opacity": 0.2 }) +
      path("M1810 444L1845 468L1880 444", {
        fill: "none",
        stroke: "#fff",
        "stroke-opacity": 0.45,
        "stroke-width": 2.5,
      }),
    { transform: "rotate(12 1845 463)" },
  );
  out += group(
    rect(620, 110, 56, 38, 5, { fill: "#fff", "fill-opacity": 0.14 }) +
      path("M620 113L648 132L676 113", {
        fill: "none",
        stroke: "#fff",
        "stroke-opacity": 0.35,
        "stroke-width": 2,
      }),
    { transform: "rotate(-14 648 129)" },
  );
  for (let i = 0; i < 14; i++) {
    out += circle(rnd.float(60, CW - 60), rnd.float(30, CH - 30), rnd.float(1.5, 3.5), {
      fill: "#fff",
      "fill-opacity": n(rnd.float(0.15, 0.4)),
    });
  }
  out += sparkle(1290, 150, 14, "#fde68a", 0.7) + sparkle(560, 470, 10, "#fde68a", 0.5);
  return out;
}

// ── Image list ─────────────────────────────────────────────────────────────

const HERO_WIDTHS = [640, 1280, 1920];
const heroBudget = { 640: 30_000, 1920: 140_000 };
const heroes = [
  ["product-1", heroProduct1],
  ["product-2", heroProduct2],
  ["product-3", heroProduct3],
  ["product-4", heroProduct4],
  ["product-5", heroProduct5],
  ["stock-1", heroStock1],
  ["stock-2", heroStock2],
  ["stock-3", heroStock3],
  ["stock-4", heroStock4],
  ["stock-5", heroStock5],
];

/** name = path below public/images without width suffix. */
const IMAGES = [
  ...heroes.map(([name, draw]) => ({
    name: `hero/${name}`,
    size: [HW, HH],
    widths: HERO_WIDTHS,
    budget: heroBudget,
    draw,
    hero: true,
  })),
  {
    name: "about/team",
    size: [TW, TH],
    widths: [480, 720, 1024, 1600],
    budget: { 1600: 120_000 },
    draw: teamImage,
  },
  {
    name: "contact/header",
    size: [CW, CH],
    widths: [640, 1280, 1920],
    budget: { 1920: 80_000 },
    draw: contactHeader,
  },
];

// ── Rendering ──────────────────────────────────────────────────────────────

/** Encodes at QUALITY, stepping down until the file fits its budget. */
async function encode(svg, crop, budget) {
  const pixels = await sharp(Buffer.from(svg)).extract(crop).png().toBuffer();
  for (let quality = QUALITY; ; quality -= 4) {
    const data = await sharp(pixels).webp({ quality, effort: EFFORT, smartSubsample: true }).toBuffer();
    if (!budget || data.length <= budget || quality - 4 < MIN_QUALITY) return { data, quality };
  }
}

/** Mean luma (0–255) of the headline band: middle half horizontally, 30–70 % vertically. */
async function centreLuma(data, w, h) {
  const { channels } = await sharp(data)
    .extract({
      left: Math.round(w * 0.25),
      top: Math.round(h * 0.3),
      width: Math.round(w * 0.5),
      height: Math.round(h * 0.4),
    })
    .stats();
  return 0.2126 * channels[0].mean + 0.7152 * channels[1].mean + 0.0722 * channels[2].mean;
}

const only = process.argv[2];
let total = 0;
let problems = 0;
for (const image of IMAGES) {
  if (only && !image.name.includes(only)) continue;
  const [dw, dh] = image.size;
  const S = scene(dw, dh);
  const body = image.draw(S, random(hash(image.name)));
  if (body.includes("NaN")) throw new Error(`${image.name}: NaN in generated SVG`);
  mkdirSync(join(OUT_DIR, dirname(image.name)), { recursive: true });
  for (const width of image.widths) {
    const height = Math.round((width * dh) / dw);
    const budget = image.budget[width];
    const margin = Math.round(width * 0.04);
    const crop = { left: margin, top: margin, width, height };
    const { data, quality } = await encode(S.render(width, height, margin, body), crop, budget);
    const file = `${image.name}-${width}.webp`;
    writeFileSync(join(OUT_DIR, file), data);
    total += data.length;
    let note = quality < QUALITY ? `  (quality lowered to ${quality})` : "";
    if (budget && data.length > budget) {
      note += `  OVER BUDGET (${budget} B)`;
      problems++;
    }
    if (image.hero && width === image.widths.at(-1))
      note += `  centre luma ${Math.round(await centreLuma(data, width, height))}`;
    console.log(
      `${file.padEnd(28)} ${String(width).padStart(4)}x${String(height).padEnd(4)} ${String(data.length).padStart(7)} B${note}`,
    );
  }
}
console.log(`total ${total} B`);
if (problems) process.exitCode = 1;
