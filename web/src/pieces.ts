//! The piece art, drawn for guoxiang: one set of shapes (45×45 SVG paths) rendered in three
//! styles: "flat" (solid fills and outlines), "relief" (3D-looking: gradients, a highlight
//! and a shadow) and "cartoon" (bright colours, thick outlines, faces). The SVGs are made
//! once at start-up and installed as CSS background images.

import type { Color, Role } from "./chess";

export type PieceStyle = "flat" | "relief" | "cartoon";
export const PIECE_STYLES: PieceStyle[] = ["flat", "relief", "cartoon"];

const BASE = "M11 33.5a1.5 1.5 0 0 1 1.5-1.5h20a1.5 1.5 0 0 1 1.5 1.5V38H11z";

interface Shape {
  /** Filled outlines, drawn in order. */
  body: string[];
  /** Circles (cx, cy, r) filled like the body (queen's crown balls, bishop's top). */
  balls: [number, number, number][];
  /** Lines drawn in the detail colour. */
  lines: string[];
  /** Where a cartoon face goes (centre) and whether it is a profile (one eye). */
  face: [number, number, boolean];
}

const SHAPES: Record<Role, Shape> = {
  p: {
    body: [
      "M22.5 8a5 5 0 0 0-3.1 8.9C17 18.4 15.5 21 15.5 24.5c0 3.3 1.6 6 4 7.5h-7a1.5 1.5 0 0 0-1.5 1.5V38h23v-4.5a1.5 1.5 0 0 0-1.5-1.5h-7c2.4-1.5 4-4.2 4-7.5 0-3.5-1.5-6.1-3.9-7.6A5 5 0 0 0 22.5 8z",
    ],
    balls: [],
    lines: [],
    face: [22.5, 25, false],
  },
  r: {
    body: ["M12 8.5h4.5V12h4V8.5h4V12h4V8.5H33V16l-3 3v10l2.5 3h-20L15 29V19l-3-3z", BASE],
    balls: [],
    lines: ["M15 19h15", "M15 29h15"],
    face: [22.5, 24, false],
  },
  b: {
    body: [
      "M22.5 9.5C17 13 14.5 17.5 14.5 21.5c0 3.3 1.8 5.5 4.5 6.5L17.5 32h10L26 28c2.7-1 4.5-3.2 4.5-6.5 0-4-2.5-8.5-8-12z",
      BASE,
    ],
    balls: [[22.5, 7.5, 2.6]],
    lines: ["M25.5 14.5l-4.5 6", "M19 28h7"],
    face: [22.5, 22, false],
  },
  n: {
    body: [
      "M23 8c7 .6 12 6.2 12 14.5 0 3.6-.8 6.8-2.2 9.5H15.2c.4-3.6 2.7-6.4 6.3-9-1.5-.4-3 .2-4.8 1.7l-2.5 1.7c-1.6.9-3.4.4-4.3-1-.9-1.4-.6-2.9.5-4.2l7.3-7.6c.6-1.7 1.4-3.1 2.5-4.3L20 6.5z",
      BASE,
    ],
    balls: [],
    lines: ["M27.5 11.5c3.2 3 4.8 7.2 4.6 13.5", "M12.8 23.6l.9-.6"],
    face: [20, 15.5, true],
  },
  q: {
    body: [
      "M12.5 32L10 14l5.8 8.4.7-11.4 4.4 10.2 1.6-11.7 1.6 11.7 4.4-10.2.7 11.4L35 14l-2.5 18z",
      BASE,
    ],
    balls: [
      [10, 13, 2.3],
      [16.4, 10.2, 2.3],
      [22.5, 8.3, 2.3],
      [28.6, 10.2, 2.3],
      [35, 13, 2.3],
    ],
    lines: ["M13.2 27.5h18.6"],
    face: [22.5, 25.5, false],
  },
  k: {
    body: [
      "M21.25 5h2.5v3.25H27v2.5h-3.25V16h-2.5v-5.25H18v-2.5h3.25z",
      "M20 21c0-2.6 1-4.2 2.5-5.2 1.5 1 2.5 2.6 2.5 5.2z",
      "M12.5 32c-2.6-5.2-3.2-10.7.6-12.8 3.9-2.1 7.4.6 9.4 4.1 2-3.5 5.5-6.2 9.4-4.1 3.8 2.1 3.2 7.6.6 12.8z",
      BASE,
    ],
    balls: [],
    lines: ["M13.6 28h17.8"],
    face: [22.5, 26.5, false],
  },
};

interface Paint {
  fill: string;
  stroke: string;
  detail: string;
  width: number;
  defs: string;
  extra: string;
}

function paint(style: PieceStyle, color: Color): Paint {
  const white = color === "white";
  switch (style) {
    case "flat":
      return {
        fill: white ? "#fbfbf8" : "#2f2f33",
        stroke: "#151515",
        detail: white ? "#151515" : "#e9e9e4",
        width: 1.5,
        defs: "",
        extra: "",
      };
    case "relief":
      return {
        fill: "url(#g)",
        stroke: white ? "#5b4f3f" : "#050505",
        detail: white ? "#6d5f4b" : "#9a9a9a",
        width: 1.1,
        defs:
          `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
          (white
            ? `<stop offset="0" stop-color="#ffffff"/><stop offset=".55" stop-color="#e6dccb"/><stop offset="1" stop-color="#a89479"/>`
            : `<stop offset="0" stop-color="#8a8a90"/><stop offset=".45" stop-color="#3a3a40"/><stop offset="1" stop-color="#0c0c0e"/>`) +
          `</linearGradient><radialGradient id="s" cx=".35" cy=".25" r=".6"><stop offset="0" stop-color="#fff" stop-opacity="${white ? 0.9 : 0.45}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
        extra: `<ellipse cx="22.5" cy="39.2" rx="12.5" ry="2.2" fill="#000" opacity=".28"/>`,
      };
    case "cartoon":
      return {
        fill: white ? "#ffe7a3" : "#7a5bd1",
        stroke: "#2b1b0c",
        detail: "#2b1b0c",
        width: 2.1,
        defs: "",
        extra: "",
      };
  }
}

function face(style: PieceStyle, shape: Shape): string {
  if (style !== "cartoon") return "";
  const [x, y, profile] = shape.face;
  const eye = (cx: number) =>
    `<circle cx="${cx}" cy="${y}" r="2.3" fill="#fff" stroke="#2b1b0c" stroke-width=".8"/><circle cx="${cx + 0.5}" cy="${y + 0.3}" r="1.1" fill="#2b1b0c"/>`;
  if (profile) return eye(x);
  return (
    eye(x - 2.8) +
    eye(x + 2.8) +
    `<path d="M${x - 2.2} ${y + 3.4}q2.2 2 4.4 0" fill="none" stroke="#2b1b0c" stroke-width="1.1" stroke-linecap="round"/>` +
    `<circle cx="${x - 5}" cy="${y + 2.8}" r="1.2" fill="#ff7b7b" opacity=".7"/><circle cx="${x + 5}" cy="${y + 2.8}" r="1.2" fill="#ff7b7b" opacity=".7"/>`
  );
}

/** The SVG markup of one piece in one style. */
export function pieceSvg(style: PieceStyle, color: Color, role: Role): string {
  const shape = SHAPES[role];
  const p = paint(style, color);
  const common = `stroke="${p.stroke}" stroke-width="${p.width}" stroke-linejoin="round" stroke-linecap="round"`;
  const body =
    shape.body.map((d) => `<path d="${d}" fill="${p.fill}" ${common}/>`).join("") +
    shape.balls.map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.fill}" ${common}/>`).join("");
  const shine =
    style === "relief"
      ? shape.body.map((d) => `<path d="${d}" fill="url(#s)"/>`).join("") +
        shape.balls.map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#s)"/>`).join("")
      : "";
  const lines = shape.lines
    .map((d) => `<path d="${d}" fill="none" stroke="${p.detail}" stroke-width="${p.width}" stroke-linecap="round"/>`)
    .join("");
  const eyeDot = role === "n" && style !== "cartoon" ? `<circle cx="20" cy="15.5" r="1.3" fill="${p.detail}"/>` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45"><defs>${p.defs}</defs>` +
    `${p.extra}${body}${shine}${lines}${eyeDot}${face(style, shape)}</svg>`
  );
}

const ROLES: Role[] = ["k", "q", "r", "b", "n", "p"];

/** Installs the CSS that draws `.piece.<color>.<role>` inside `.pieces-<style>`. */
export function installPieceCss(doc: Document = document): void {
  const rules: string[] = [];
  for (const style of PIECE_STYLES) {
    for (const color of ["white", "black"] as Color[]) {
      for (const role of ROLES) {
        const url = `url("data:image/svg+xml,${encodeURIComponent(pieceSvg(style, color, role))}")`;
        rules.push(`.pieces-${style} .piece.${color}.${role}{background-image:${url}}`);
      }
    }
  }
  const el = doc.createElement("style");
  el.id = "piece-art";
  el.textContent = rules.join("\n");
  doc.head.appendChild(el);
}
