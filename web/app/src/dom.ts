// A small element builder: h("div.card.hidden", {title: "..."}, "text", child).

export type Child = Node | string | number | null | undefined | false | Child[];
export type Attrs = Record<string, string | number | boolean | EventListener | undefined | null>;

export function h<K extends keyof HTMLElementTagNameMap>(
  spec: K | `${K}.${string}` | `${K}#${string}`,
  attrs?: Attrs | Child,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const parts = spec.match(/[.#]?[^.#]+/g) ?? [spec];
  const el = document.createElement(parts[0] as K);
  const classes: string[] = [];
  for (const p of parts.slice(1)) {
    if (p.startsWith("#")) el.id = p.slice(1);
    else classes.push(p.slice(1));
  }
  if (classes.length) el.className = classes.join(" ");
  if (attrs !== undefined && !isAttrs(attrs)) children.unshift(attrs as Child);
  else if (attrs) setAttrs(el, attrs);
  append(el, children);
  return el;
}

function isAttrs(x: unknown): x is Attrs {
  return typeof x === "object" && x !== null && !(x instanceof Node) && !Array.isArray(x);
}

function setAttrs(el: HTMLElement, attrs: Attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value as EventListener);
    } else if (key === "class") {
      el.className = `${el.className} ${value}`.trim();
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
}

export function append(el: Node, children: Child[]) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el: Element) {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/** Replaces the content of `el` with the children. */
export function mount(el: Element, ...children: Child[]) {
  clear(el);
  append(el, children);
}

/** A short notice at the bottom of the page that goes away by itself. */
export function toast(message: string, kind: "error" | "info" = "error") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div#toasts");
    document.body.appendChild(box);
  }
  const note = h("div.toast", { class: kind, role: "alert" }, message);
  box.appendChild(note);
  setTimeout(() => note.remove(), 6000);
}
