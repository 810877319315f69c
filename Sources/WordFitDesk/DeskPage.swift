/// The desk's page: one HTML file with its style and script inline (nothing from the network),
/// readable on a laptop and a tablet. Every name from the export reaches the page as text
/// (`textContent`, never markup), so a name cannot inject anything.
enum DeskPage {
  static let html = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>WordFit desk</title>
    <style>
    body{font:16px/1.4 system-ui,sans-serif;margin:0;display:grid;grid-template-columns:minmax(16em,1fr) 2fr;gap:1em;padding:1em}
    @media (max-width:700px){body{grid-template-columns:1fr}}
    input,button{font:inherit;padding:.5em;border-radius:.4em;border:1px solid #888}
    #q{width:100%;box-sizing:border-box;font-size:1.3em}
    ul{list-style:none;padding:0} li{padding:.6em;border-bottom:1px solid #ddd;cursor:pointer}
    li.on{background:#e8f0ff} li small{color:#555}
    #badge{max-width:100%;border:1px solid #ccc;background:white;min-height:4em}
    #status{min-height:1.5em;font-weight:600} .error{color:#b00020} .ok{color:#0a6b2a}
    form label{display:block;margin:.3em 0} form input{width:100%;box-sizing:border-box}
    </style></head><body>
    <section><input id="q" type="search" placeholder="Search a name" autocomplete="off" autofocus>
    <ul id="results"></ul>
    <details><summary>Walk-in or corrected name</summary><form id="walkin"></form></details></section>
    <section><p id="status" role="status"></p><p id="who"></p>
    <img id="badge" alt="the badge as it will print">
    <p><button id="print" disabled>Print</button></p></section>
    <script>
    const token = new URLSearchParams(location.search).get("token") || "";
    const headers = token ? {"X-WordFit-Token": token} : {};
    const $ = (id) => document.getElementById(id);
    let chosen = null, columns = [];
    function say(text, kind) { $("status").textContent = text; $("status").className = kind || ""; }
    async function call(path, options) {
      const response = await fetch(path, Object.assign({headers: Object.assign({"Content-Type": "application/json"}, headers)}, options || {}));
      const body = await response.json();
      if (!response.ok) throw new Error(body.error || response.statusText);
      return body;
    }
    function label(fields) { return columns.map((c) => fields[c]).filter((v) => v).join(" "); }
    function choose(match, item) {
      chosen = match;
      document.querySelectorAll("li").forEach((li) => li.classList.remove("on"));
      item.classList.add("on");
      $("who").textContent = label(match.fields) + (match.printed ? " — printed " + match.printed + "×" : "");
      $("badge").src = "/api/badge/" + encodeURIComponent(match.key) + ".png" + (token ? "?token=" + encodeURIComponent(token) : "");
      $("print").disabled = !match.key;
      $("print").textContent = match.printed ? "Reprint" : "Print";
    }
    async function search() {
      const q = $("q").value.trim();
      $("results").replaceChildren();
      if (!q) return;
      try {
        const found = await call("/api/search?q=" + encodeURIComponent(q));
        for (const match of found.results) {
          const item = document.createElement("li");
          item.textContent = label(match.fields) + " ";
          const detail = document.createElement("small");
          detail.textContent = "line " + match.line + (match.printed ? ", printed " + match.printed + "×" : "");
          item.appendChild(detail);
          item.onclick = () => choose(match, item);
          $("results").appendChild(item);
        }
        if (!found.results.length) say("nobody matches", "");
      } catch (error) { say(error.message, "error"); }
    }
    async function print(request) {
      say("printing…", "");
      try {
        const done = await call("/api/print", {method: "POST", body: JSON.stringify(request)});
        say((done.reprint ? "reprinted " : "printed ") + done.name + " on " + done.printer + (done.warnings.length ? " — " + done.warnings.join("; ") : ""), "ok");
        search();
      } catch (error) { say(error.message, "error"); }
    }
    $("q").oninput = search;
    $("print").onclick = () => chosen && chosen.key && print({key: chosen.key});
    call("/api/columns").then((found) => {
      columns = found.names;
      for (const column of found.columns) {
        const row = document.createElement("label");
        row.textContent = column;
        const input = document.createElement("input");
        input.name = column;
        row.appendChild(input);
        $("walkin").appendChild(row);
      }
      const button = document.createElement("button");
      button.textContent = "Print walk-in";
      $("walkin").appendChild(button);
    }).catch((error) => say(error.message, "error"));
    $("walkin").onsubmit = (event) => {
      event.preventDefault();
      const fields = {};
      for (const input of $("walkin").querySelectorAll("input")) fields[input.name] = input.value;
      print({fields: fields});
    };
    </script></body></html>
    """
}
