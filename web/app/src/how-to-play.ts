// "How to play": the game's rules page (GET /api/games/<id>/rules, docs/rules/<game>.md) in a dialog
// beside the table. marked turns the markdown into HTML and DOMPurify removes anything but plain
// markup from it before it reaches the page. The dialog is a native <dialog> opened modally: it keeps
// the keyboard inside it, Escape closes it, and it lives outside the table's root so the table's
// redraws (one per state message) do not close it.
import DOMPurify from "dompurify";
import { marked } from "marked";
import { h, mount } from "./dom";

interface RulesPage {
  id: string;
  markdown: string;
}

const pages = new Map<string, Promise<RulesPage>>();

async function fetchRules(game: string): Promise<RulesPage> {
  const response = await fetch(`/api/games/${encodeURIComponent(game)}/rules`);
  if (!response.ok) throw new Error(`the rules of ${game} could not be loaded (HTTP ${response.status})`);
  return response.json() as Promise<RulesPage>;
}

/** The rules page of `game`, fetched once per page load. */
function rulesOf(game: string): Promise<RulesPage> {
  let page = pages.get(game);
  if (!page) {
    page = fetchRules(game);
    page.catch(() => pages.delete(game));
    pages.set(game, page);
  }
  return page;
}

/** The markdown as safe HTML: links that leave the site open in a new tab. */
export function rulesHtml(markdown: string): DocumentFragment {
  const html = marked.parse(markdown, { async: false, gfm: true });
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
  for (const a of fragment.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    a.target = "_blank";
    a.rel = "noopener noreferrer";
  }
  // Wide tables scroll inside their own box, never the page.
  for (const table of fragment.querySelectorAll("table")) table.replaceWith(h("div.table-scroll", table.cloneNode(true)));
  return fragment;
}

/** A short list of the page's sections, to jump to "A turn" without scrolling past the components. */
function contents(body: HTMLElement): HTMLElement | null {
  const headings = [...body.querySelectorAll<HTMLElement>("h2")];
  if (headings.length < 3) return null;
  headings.forEach((heading, i) => {
    heading.id = `rules-section-${i}`;
    heading.tabIndex = -1;
  });
  return h(
    "nav.rules-contents",
    { "aria-label": "sections" },
    h(
      "ul",
      headings.map((heading) =>
        h(
          "li",
          h(
            "a",
            {
              href: `#${heading.id}`,
              onclick: (e: Event) => {
                e.preventDefault(); // the hash is the page's route
                heading.scrollIntoView({ block: "start" });
                heading.focus({ preventScroll: true });
              },
            },
            heading.textContent ?? "",
          ),
        ),
      ),
    ),
  );
}

/** The "How to play" button and its dialog, for one page; `close()` removes the dialog when the page goes. */
export class HowToPlay {
  private readonly body = h("div.rules-body", { tabindex: -1 });
  private readonly dialog: HTMLDialogElement;
  private loaded = "";

  constructor(private game: string) {
    const close = h("button.secondary.close#how-to-play-close", { type: "button", "aria-label": "close" }, "✕ Close");
    close.addEventListener("click", () => this.dialog.close());
    this.dialog = h<"dialog">(
      "dialog.how-to-play#how-to-play",
      { "aria-labelledby": "how-to-play-title" },
      h("div.dialog-head", h("h2#how-to-play-title", "How to play"), close),
      this.body,
    );
    // A click on the backdrop (outside the panel) closes it too.
    this.dialog.addEventListener("click", (e) => {
      if (e.target === this.dialog) this.dialog.close();
    });
    // The browser gives the focus back to the button that opened the dialog, but a state message
    // redraws the page meanwhile and that button is replaced by a new one: then the focus is given to
    // the new one (else it stayed on the closed dialog's close button, and Tab went nowhere).
    this.dialog.addEventListener("close", () => {
      const active = document.activeElement;
      if (active && active !== document.body && !this.dialog.contains(active)) return;
      document.getElementById("how-to-play-button")?.focus({ preventScroll: true });
    });
    document.body.append(this.dialog);
  }

  /** The game may be known only once the table summary arrives. */
  setGame(game: string): void {
    this.game = game;
  }

  button(): HTMLButtonElement {
    return h<"button">(
      "button.secondary.how-to-play-button#how-to-play-button",
      { type: "button", "aria-haspopup": "dialog", onclick: () => this.open() },
      "How to play",
    );
  }

  async open(): Promise<void> {
    if (!this.dialog.open) this.dialog.showModal();
    if (this.loaded === this.game) return;
    mount(this.body, h("p.muted", "Loading the rules…"));
    try {
      const page = await rulesOf(this.game);
      const text = h("div.rules-text", rulesHtml(page.markdown));
      mount(this.body, contents(text), text);
      this.loaded = this.game;
      this.body.scrollTop = 0;
    } catch (e) {
      mount(this.body, h("p.error", (e as Error).message));
    }
  }

  close(): void {
    this.dialog.remove();
  }
}
