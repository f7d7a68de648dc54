// The designer's Lab (#/lab): Variants (edit a game's data and options), Simulate (jobs and their reports)
// and Compare, as three tabs of one page so that nothing is lost when going from one to the other. Loaded
// on demand (main.ts): its editor and charts are not part of the lobby's and tables' script.
import "./lab.css";
import { listGames } from "../api";
import { h, mount } from "../dom";
import { pageHeader } from "../header";
import { LabError, listVariants, loadLabToken, saveLabToken } from "./api";
import { comparePanel } from "./compare";
import { simulatePanel } from "./simulate";
import { LabState } from "./state";
import { variantsPanel } from "./variants";

type Tab = "variants" | "simulate" | "compare";
const kTabs: [Tab, string][] = [
  ["variants", "Variants"],
  ["simulate", "Simulate"],
  ["compare", "Compare"],
];

export function showLab(app: HTMLElement): () => void {
  const root = h("main.lab#lab", h("p.muted", "Opening the Lab…"));
  mount(app, pageHeader(h("a.nav-link", { href: "#/" }, "Tables"), h("span.nav-here", "Lab")), root);
  let stop = () => {};
  let left = false;
  Promise.all([listGames(), listVariants()])
    .then(([games, variants]) => {
      if (left) return;
      const lab = new LabState(games);
      lab.variants = variants;
      stop = labPage(root, lab);
    })
    .catch((e) => {
      if (!left) mount(root, closedOrFailed(e));
    });
  return () => {
    left = true;
    stop();
  };
}

/** The Lab answers only this machine, or the token (403 lab_closed): say so, and offer the token field. */
function closedOrFailed(e: unknown): HTMLElement {
  if (!(e instanceof LabError && e.code === "lab_closed")) {
    return h("section.panel", h("h2", "The Lab could not be opened"), h("p.error", (e as Error).message));
  }
  const token = h("input#lab-token", { type: "password", value: loadLabToken(), autocomplete: "off", "aria-label": "Lab token" });
  const use = () => {
    saveLabToken(token.value.trim());
    location.reload();
  };
  token.addEventListener("keydown", (ev) => ev.key === "Enter" && use());
  return h(
    "section.panel.lab-closed",
    h("h2", "The Lab is closed to this browser"),
    h(
      "p",
      "The designer's Lab opens on the machine that runs the server (open this page there, at 127.0.0.1), ",
      "or from elsewhere with the token the server was started with (",
      h("code", "court serve --lab-token TOKEN"),
      ").",
    ),
    loadLabToken() ? h("p.error", "The token kept in this browser was not accepted.") : null,
    h("div.row", h("label.field.inline", h("span", "Token"), token), h("button", { type: "button", onclick: use }, "Use token")),
    h("p.muted.small", "The token is kept in this browser only and sent with the Lab's requests."),
    h("p", h("a", { href: "#/" }, "Back to the tables")),
  );
}

function labPage(root: HTMLElement, lab: LabState): () => void {
  const variants = variantsPanel(lab);
  const simulate = simulatePanel(lab);
  const compare = comparePanel();
  simulate.onJobs((jobs) => compare.setJobs(jobs));
  const content: Record<Tab, HTMLElement> = { variants, simulate: simulate.element, compare: compare.element };
  const panel = (t: Tab) => h("div.lab-panel", { id: `lab-panel-${t}`, role: "tabpanel", "aria-labelledby": `lab-tab-${t}` }, content[t]);
  const panels: Record<Tab, HTMLElement> = { variants: panel("variants"), simulate: panel("simulate"), compare: panel("compare") };
  const buttons = kTabs.map(([tab, label]) =>
    h("button.lab-tab", { type: "button", role: "tab", id: `lab-tab-${tab}`, "aria-controls": `lab-panel-${tab}`, onclick: () => choose(tab) }, label),
  );
  function choose(tab: Tab) {
    for (const [i, [t]] of kTabs.entries()) {
      buttons[i].setAttribute("aria-selected", t === tab ? "true" : "false");
      buttons[i].classList.toggle("current", t === tab);
      panels[t].hidden = t !== tab;
    }
  }
  lab.simulate = (source) => {
    simulate.choose(source);
    choose("simulate");
  };
  mount(
    root,
    h(
      "div.lab-top",
      h("h1", "Lab"),
      h("p.muted.lab-intro", "Change a game's data or options, simulate it with bots, compare it with the shipped game, and play it at a table."),
    ),
    h("nav.lab-tabs", { role: "tablist", "aria-label": "Lab" }, buttons),
    kTabs.map(([t]) => panels[t]),
  );
  choose("variants");
  return () => simulate.stop();
}
