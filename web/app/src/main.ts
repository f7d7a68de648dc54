// The router: #/ is the lobby, #/table/CODE a table, #/replay/CODE?seat=N&step=K a finished table's replay.
import "./style.css";
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
  else leave = showLobby(app);
}

window.addEventListener("hashchange", route);
route();
