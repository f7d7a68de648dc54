import "./style.css";

const app = document.getElementById("app")!;
app.textContent = "Court";
