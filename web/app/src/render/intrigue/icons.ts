// Intrigue's symbols drawn as SVG (headless browsers and many phones lack an emoji font): the crown of
// the monarch and of a vote, and the seal of a favor.
const kNs = "http://www.w3.org/2000/svg";

function svg(viewBox: string, className: string, label: string, ...paths: [string, Record<string, string>][]): SVGSVGElement {
  const el = document.createElementNS(kNs, "svg");
  el.setAttribute("viewBox", viewBox);
  el.setAttribute("class", `ig-icon ${className}`);
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  for (const [d, attrs] of paths) {
    const p = document.createElementNS(kNs, "path");
    p.setAttribute("d", d);
    for (const [k, v] of Object.entries(attrs)) p.setAttribute(k, v);
    el.appendChild(p);
  }
  return el;
}

/** A crown: the monarch's, or (small) one vote. */
export function crown(label = "crown"): SVGSVGElement {
  return svg(
    "0 0 24 18",
    "ig-crown",
    label,
    ["M2 15 L1 4 L7 9 L12 1 L17 9 L23 4 L22 15 Z", { fill: "currentColor", stroke: "#7a5a12", "stroke-width": "1" }],
    ["M2 17 H22", { stroke: "#7a5a12", "stroke-width": "2" }],
  );
}

/** A wax seal: a favor card's mark. */
export function seal(label = "favor"): SVGSVGElement {
  return svg(
    "0 0 20 20",
    "ig-seal",
    label,
    ["M10 1 L12.5 3.5 L16 3 L16.5 6.5 L19 9 L17 12 L17.5 15.5 L14 16 L11.5 19 L8.5 17.5 L5 18.5 L4 15 L1 13 L2.5 10 L1.5 6.5 L5 5.5 L6.5 2 Z",
      { fill: "currentColor" }],
  );
}
