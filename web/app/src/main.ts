// The router: #/ is the lobby, #/table/CODE a table, #/replay/CODE?seat=N&step=K a finished table's replay,
// #/lab the designer's Lab (its own script, app-lab.js, loaded the first time it is opened).
import "./style.css";
import { h, mount } from "./dom";
import { pageHeader } from "./header";
import { showLobby } from "./lobby";
import { showTable } from "./table";
import { showReplay } from "./replay";

const app = document.getElementById("app")!;
let leave: (() => void) | undefined;

function route() {
  leave?.();
  leave = undefined;
  const hash = location.hash.replace(/^#\/?/, "");
  const [path, query = ""] = hash.split("?");
  const parts = path.split("/").filter(Boolean);
  const params = new URLSearchParams(query);
  window.scrollTo(0, 0);
  if (parts[0] === "table" && parts[1]) leave = showTable(app, parts[1].toUpperCase());
  else if (parts[0] === "replay" && parts[1]) leave = showReplay(app, parts[1].toUpperCase(), params);
  else if (parts[0] === "lab") leave = showLab(app);
  else leave = showLobby(app);
}

/** The Lab page, once its script has loaded (a "Loading" line until then). */
function showLab(app: HTMLElement): () => void {
  let left = false;
  let stop = () => {};
  mount(app, pageHeader(), h("main", h("p.muted", "Loading the Lab…")));
  import("./lab/lab")
    .then((lab) => {
      if (!left) stop = lab.showLab(app);
    })
    .catch((e) => mount(app, pageHeader(), h("main", h("p.error", `The Lab could not be loaded: ${(e as Error).message}`))));
  return () => {
    left = true;
    stop();
  };
}

window.addEventListener("hashchange", route);
route();
