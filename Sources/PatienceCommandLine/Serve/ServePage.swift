import Foundation
import PatienceDiagnostics

/// The one page `patience serve` serves: the catalog and the table, with its style and script
/// inline (it loads nothing else but the server's own JSON and pictures). Nothing in it knows a
/// game: the table is the SVG picture the server draws from the rule file's layout (`TableSVG`),
/// whose `g.pile` and `g.card` elements the script reads for what the pointer is on, and every
/// question (what lifts, whether a pile takes it, what a drop does) goes to the server's API.
enum ServePage {
    static let html = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Patience</title>
        <style>
        \#(style)
        </style>
        </head>
        <body data-view="catalog">
        <header>
        <h1><a href="#" id="home">Patience</a></h1>
        <span id="heading"></span>
        </header>
        <section id="catalog" aria-label="Games">
        <div id="filter-bar"><input id="filter" type="search" placeholder="Find a game" aria-label="Find a game"> <span id="count"></span></div>
        <div id="problems"></div>
        <div id="games"></div>
        </section>
        <section id="game" aria-label="Game" hidden>
        <div id="toolbar" role="toolbar">
        <button type="button" id="to-catalog">&#x2039; Games</button>
        <button type="button" id="new">New deal</button>
        <input id="deal" size="14" placeholder="seed:N or ms:N" aria-label="Deal">
        <button type="button" id="restart">Restart</button>
        <button type="button" id="undo">Undo</button>
        <button type="button" id="redo">Redo</button>
        <button type="button" id="hint">Hint</button>
        <button type="button" id="winnable">Winnable?</button>
        <label id="autoplay-label"><input type="checkbox" id="autoplay"> Autoplay</label>
        </div>
        <p id="status" aria-live="polite"></p>
        <div id="refusal" hidden><p class="reason"></p><p class="rule"><code class="where"></code> <code class="line"></code></p></div>
        <pre id="lint" hidden></pre>
        <ul id="messages" aria-live="polite"></ul>
        <div id="table"></div>
        <p id="hover"></p>
        </section>
        <script>
        \#(script)
        </script>
        </body>
        </html>

        """#

    static let style = """
        :root { color-scheme: light; font-family: system-ui, "DejaVu Sans", Verdana, Arial, sans-serif; }
        body { margin: 0; background: #f3f1ea; color: #1d1d1d; }
        header { display: flex; align-items: baseline; gap: 16px; padding: 10px 20px 4px; }
        h1 { margin: 0; font-size: 1.4rem; }
        h1 a { color: inherit; text-decoration: none; }
        #heading { color: #4a4a4a; }
        section { padding: 6px 20px 20px; }
        #filter-bar { margin-bottom: 10px; }
        #filter { font: inherit; padding: 4px 8px; width: 18em; }
        #count { color: #6b6b6b; margin-left: 8px; }
        #games { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 14px; }
        .tile { background: #ffffff; border: 1px solid #c9c6bb; border-radius: 8px; padding: 10px; display: flex; flex-direction: column; gap: 6px; }
        .tile h2 { margin: 0; font-size: 1.05rem; }
        .tile .base { margin: 0; color: #6b6b6b; font-size: 0.85rem; }
        .tile .picture { display: block; width: 100%; height: 170px; object-fit: contain; background: #2f6b4f; border-radius: 6px; }
        .tile .options { display: flex; flex-wrap: wrap; gap: 6px 12px; font-size: 0.85rem; }
        .tile .options label { display: inline-flex; gap: 4px; align-items: center; }
        .tile .play-row { display: flex; gap: 6px; align-items: center; }
        .tile .play-row input { font: inherit; width: 9em; padding: 2px 6px; }
        button { font: inherit; padding: 4px 10px; border: 1px solid #8d8d8d; border-radius: 5px; background: #ffffff; cursor: pointer; }
        button:disabled { color: #9a9a9a; cursor: default; }
        .problem, #lint { white-space: pre-wrap; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.8rem; background: #fde6e8; color: #5b0a16; border: 2px solid #c3122f; border-radius: 6px; padding: 6px 10px; margin: 0 0 8px; }
        #toolbar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
        #deal { font: inherit; padding: 3px 6px; }
        #status { margin: 8px 0 4px; font-weight: bold; }
        #status.won { color: #14692f; }
        #status.stuck, #status.dead { color: #a40e26; }
        #refusal { margin: 4px 0; padding: 6px 10px; border: 2px solid #c3122f; border-radius: 6px; background: #fde6e8; color: #a40e26; max-width: 70em; }
        #refusal p { margin: 2px 0; }
        #refusal .reason { font-weight: bold; }
        #refusal code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.85rem; color: #5b0a16; }
        #refusal .line { margin-left: 1em; background: #fff7f7; padding: 0 4px; }
        #messages { margin: 2px 0; padding: 0 0 0 18px; color: #333333; }
        #table { margin-top: 6px; display: inline-block; touch-action: none; user-select: none; -webkit-user-select: none; }
        #table svg { display: block; border-radius: 6px; }
        #table g.card { cursor: grab; }
        #table rect.outline { pointer-events: all; }
        #table g.lifted { pointer-events: none; cursor: grabbing; filter: drop-shadow(2px 4px 3px rgba(0, 0, 0, 0.45)); }
        #table .mark { pointer-events: none; fill: none; stroke-width: 4; rx: 8; }
        #table .mark.accepting { stroke: #4ade80; fill: rgba(74, 222, 128, 0.18); }
        #table .mark.refusing { stroke: #f87171; fill: rgba(248, 113, 113, 0.18); }
        #table .mark.hinted { stroke: #facc15; stroke-dasharray: 6 4; }
        #table g.card.hinted { filter: drop-shadow(0 0 3px #facc15) drop-shadow(0 0 3px #facc15); }
        #hover { min-height: 1.2em; color: #6b6b6b; font-size: 0.9rem; }
        """

    static let script = """
        (function () {
          "use strict";
          var NO_ACTION = "\(DiagnosticCode.noActionHere.rawValue)";
          var body = document.body;
          var $ = function (id) { return document.getElementById(id); };
          var table = $("table");
          var current = null;
          var pending = 0;
          var idleWaiters = [];
          var drag = null;
          var catalog = null;

          // Every request goes through here, so that a test can wait until the page is idle.
          function settle() {
            setTimeout(function () {
              if (pending === 0) { idleWaiters.splice(0).forEach(function (resolve) { resolve(true); }); }
            }, 0);
          }
          function request(method, url, payload) {
            pending += 1;
            var options = { method: method, headers: { "Content-Type": "application/json" } };
            if (payload !== undefined) { options.body = JSON.stringify(payload); }
            return fetch(url, options).then(function (response) {
              return response.json().then(function (answer) { answer.httpStatus = response.status; return answer; });
            }).catch(function (error) {
              return { httpStatus: 0, error: "the server did not answer: " + error };
            }).finally(function () { pending -= 1; settle(); });
          }
          function api(action, payload) {
            if (current) { payload.game = current.game; }
            return request("POST", "/api/" + action, payload);
          }
          window.patienceIdle = function () {
            return new Promise(function (resolve) { idleWaiters.push(resolve); settle(); });
          };

          // MARK: Catalog

          function optionControl(option) {
            var label = document.createElement("label");
            label.textContent = option.name + " ";
            var control;
            if (option.type === "boolean") {
              control = document.createElement("input");
              control.type = "checkbox";
              control.checked = option["default"] === true;
            } else if (option.values.some(function (v) { return typeof v === "object"; })) {
              control = document.createElement("input");
              control.size = 6;
              control.value = String(option["default"]);
            } else {
              control = document.createElement("select");
              option.values.forEach(function (value) {
                var item = document.createElement("option");
                item.textContent = String(value);
                item.selected = value === option["default"];
                control.appendChild(item);
              });
            }
            control.dataset.option = option.name;
            label.appendChild(control);
            return label;
          }

          function optionValues(tile) {
            var values = {};
            tile.querySelectorAll("[data-option]").forEach(function (control) {
              values[control.dataset.option] = control.type === "checkbox" ? String(control.checked) : control.value;
            });
            return values;
          }

          function showCatalog() {
            body.dataset.view = "catalog";
            $("catalog").hidden = false;
            $("game").hidden = true;
            $("heading").textContent = "";
            document.title = "Patience";
            if (catalog) { return Promise.resolve(); }
            return request("GET", "/api/catalog").then(function (answer) {
              catalog = answer;
              var problems = $("problems");
              problems.replaceChildren();
              (answer.problems || []).forEach(function (text) {
                var block = document.createElement("pre");
                block.className = "problem";
                block.textContent = text;
                problems.appendChild(block);
              });
              var games = $("games");
              games.replaceChildren();
              (answer.games || []).forEach(function (game) {
                var tile = document.createElement("article");
                tile.className = "tile";
                tile.dataset.file = game.file;
                tile.dataset.name = game.name.toLowerCase();
                var title = document.createElement("h2");
                title.textContent = game.name;
                tile.appendChild(title);
                var base = document.createElement("p");
                base.className = "base";
                base.textContent = game.file + (game["extends"] ? " \\u00b7 a variant of " + game["extends"].name : "");
                tile.appendChild(base);
                var picture = document.createElement("img");
                picture.className = "picture";
                picture.loading = "lazy";
                picture.alt = "the opening table of " + game.name;
                picture.src = game.picture;
                tile.appendChild(picture);
                if (game.options.length) {
                  var options = document.createElement("div");
                  options.className = "options";
                  game.options.forEach(function (option) { options.appendChild(optionControl(option)); });
                  tile.appendChild(options);
                }
                var row = document.createElement("div");
                row.className = "play-row";
                var deal = document.createElement("input");
                deal.placeholder = "seed:N or ms:N";
                deal.setAttribute("aria-label", "Deal");
                var play = document.createElement("button");
                play.type = "button";
                play.className = "play";
                play.textContent = "Play";
                play.addEventListener("click", function () { openGame(game.file, deal.value, optionValues(tile)); });
                row.appendChild(play);
                row.appendChild(deal);
                tile.appendChild(row);
                games.appendChild(tile);
              });
              filter();
            });
          }

          function filter() {
            var text = $("filter").value.trim().toLowerCase();
            var shown = 0;
            document.querySelectorAll("#games .tile").forEach(function (tile) {
              tile.hidden = text !== "" && tile.dataset.name.indexOf(text) < 0;
              if (!tile.hidden) { shown += 1; }
            });
            $("count").textContent = shown + " game" + (shown === 1 ? "" : "s");
          }

          // MARK: Game

          function openGame(file, deal, options) {
            var hash = "#play=" + encodeURIComponent(file) + (deal ? "&deal=" + encodeURIComponent(deal) : "");
            Object.keys(options || {}).forEach(function (name) {
              hash += "&option." + encodeURIComponent(name) + "=" + encodeURIComponent(options[name]);
            });
            if (location.hash !== hash) { history.pushState(null, "", hash); }
            return start(file, deal, options);
          }

          function start(file, deal, options) {
            body.dataset.view = "game";
            $("catalog").hidden = true;
            $("game").hidden = false;
            current = null;
            return request("POST", "/api/new", { file: file, deal: deal || "", options: options || {} }).then(function (answer) {
              if (answer.httpStatus !== 200) {
                $("heading").textContent = file;
                $("lint").hidden = false;
                $("lint").textContent = (answer.error || "cannot deal") + (answer.lint ? "\\n\\n" + answer.lint : "");
                table.replaceChildren();
                body.dataset.file = file;
                body.dataset.options = JSON.stringify(options || {});
                return;
              }
              show(answer);
            });
          }

          function show(answer) {
            if (answer.httpStatus !== 200) {
              note([answer.error || "the server refused the request"]);
              return;
            }
            // An answer the server made before the one shown (they may arrive out of order) is old news.
            if (current && answer.game === current.game && answer.revision < current.revision) { return; }
            var previous = current;
            current = answer;
            body.dataset.file = answer.file;
            body.dataset.options = JSON.stringify(answer.options);
            body.dataset.status = answer.status;
            body.dataset.plays = String(answer.plays);
            $("lint").hidden = true;
            $("heading").textContent = answer.caption;
            document.title = answer.name + " \\u00b7 Patience";
            // The table is drawn again only when it changed: an answer that changes nothing (a
            // click on a pile that does nothing) must not replace the cards under a pointer that
            // is clicking them again, or the second click of a double-click is lost.
            if (!previous || previous.svg !== answer.svg || previous.game !== answer.game) {
              table.innerHTML = answer.svg;
            } else {
              clearMarks("hinted");
              table.querySelectorAll(".hinted").forEach(function (card) { card.classList.remove("hinted"); });
            }
            $("undo").disabled = !answer.canUndo;
            $("redo").disabled = !answer.canRedo;
            $("autoplay").checked = answer.autoplay;
            $("autoplay").disabled = !answer.autoplayAvailable;
            $("autoplay-label").title = answer.autoplayAvailable ? "" : "this game has no foundations to play to on their own";
            var status = $("status");
            var words = { won: "You won!", stuck: "Stuck: no move or action is legal.", "dead end": "Dead end: nothing the stock brings can be played." };
            status.textContent = (words[answer.status] || "Playing") + " \\u00b7 " + answer.plays + " play" + (answer.plays === 1 ? "" : "s")
              + (answer.score !== null ? " \\u00b7 score " + answer.score : "");
            status.className = answer.status === "won" ? "won" : answer.status === "playing" ? "" : answer.status === "stuck" ? "stuck" : "dead";
            var refusal = answer.refusal;
            if (refusal && refusal.code !== NO_ACTION) {
              showRefusal(refusal);
            } else {
              $("refusal").hidden = true;
            }
            note(answer.messages);
            if (answer.hint) { markHint(answer.hint); }
          }

          function showRefusal(refusal) {
            var box = $("refusal");
            box.hidden = false;
            box.querySelector(".reason").textContent = refusal.text;
            box.querySelector(".where").textContent = refusal.rule;
            box.querySelector(".line").textContent = refusal.line || "";
            box.querySelector(".line").hidden = !refusal.line;
          }

          function note(lines) {
            var list = $("messages");
            list.replaceChildren();
            (lines || []).forEach(function (line) {
              var item = document.createElement("li");
              item.textContent = line;
              list.appendChild(item);
            });
          }

          function svg() { return table.querySelector("svg"); }
          function pileElement(name) {
            return Array.prototype.find.call(table.querySelectorAll("g.pile"), function (pile) { return pile.dataset.pile === name; });
          }
          function cardsOf(pile) { return Array.prototype.slice.call(pile.querySelectorAll(":scope > g.card")); }

          function mark(pile, kind) {
            var box = pile.getBBox();
            var rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
            rect.setAttribute("class", "mark " + kind);
            rect.setAttribute("x", box.x - 4);
            rect.setAttribute("y", box.y - 4);
            rect.setAttribute("width", box.width + 8);
            rect.setAttribute("height", box.height + 8);
            rect.dataset.pile = pile.dataset.pile;
            // Under the cards being dragged, over everything else.
            svg().insertBefore(rect, svg().querySelector("g.lifted"));
            return rect;
          }
          function clearMarks(kind) {
            table.querySelectorAll(".mark" + (kind ? "." + kind : "")).forEach(function (rect) { rect.remove(); });
          }

          function markHint(hint) {
            if (hint.from) {
              var cards = cardsOf(pileElement(hint.from));
              cards.slice(cards.length - hint.count).forEach(function (card) { card.classList.add("hinted"); });
              mark(pileElement(hint.to), "hinted");
            }
            (hint.remove || (hint.tap ? [hint.tap] : [])).forEach(function (name) { mark(pileElement(name), "hinted"); });
          }

          // MARK: Dragging

          function pileAt(x, y) {
            var element = document.elementFromPoint(x, y);
            var pile = element && element.closest ? element.closest("#table g.pile") : null;
            return pile;
          }

          table.addEventListener("pointerdown", function (event) {
            if (!current || event.button !== 0 || drag) { return; }
            var pile = event.target.closest("g.pile");
            if (!pile) { return; }
            event.preventDefault();
            var card = event.target.closest("g.card");
            var cards = cardsOf(pile);
            var index = card ? cards.indexOf(card) : -1;
            drag = {
              pile: pile, name: pile.dataset.pile, index: index, x: event.clientX, y: event.clientY, lastX: event.clientX, lastY: event.clientY,
              moved: false, lifted: null, target: null, asked: 0,
              stack: index >= 0 ? api("stack", { pile: pile.dataset.pile, index: index }) : Promise.resolve({ count: 0 })
            };
            drag.stack.then(function () { follow(drag); });
          });

          window.addEventListener("pointermove", function (event) {
            if (!drag) { return; }
            drag.lastX = event.clientX;
            drag.lastY = event.clientY;
            if (!drag.moved && Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 5) { return; }
            drag.moved = drag.index >= 0;
            follow(drag);
          });

          // Moves the lifted cards under the pointer and asks whether the pile under it takes them.
          function follow(state) {
            if (!state || state !== drag || !state.moved) { return; }
            state.stack.then(function (reply) {
              if (state !== drag) { return; }
              if (!state.lifted) {
                var cards = cardsOf(state.pile);
                // A card that does not lift is still carried, so that a drop can say why it cannot move.
                var count = reply.count || cards.length - state.index;
                state.lifted = cards.slice(cards.length - count).map(function (card) {
                  var origin = card.getAttribute("transform");
                  card.classList.add("lifted");
                  svg().appendChild(card);
                  return { card: card, origin: origin };
                });
                state.scale = 1 / (svg().getScreenCTM().a || 1);
              }
              var dx = (state.lastX - state.x) * state.scale;
              var dy = (state.lastY - state.y) * state.scale;
              state.lifted.forEach(function (item) {
                item.card.setAttribute("transform", item.origin + " translate(" + dx + " " + dy + ")");
              });
              var target = pileAt(state.lastX, state.lastY);
              var name = target ? target.dataset.pile : null;
              if (name === state.name) { name = null; }
              if (name === state.target) { return; }
              state.target = name;
              clearMarks("accepting");
              clearMarks("refusing");
              $("hover").textContent = "";
              if (!name) { return; }
              var asked = ++state.asked;
              api("validate", { pile: state.name, index: state.index, to: name }).then(function (answer) {
                if (state !== drag || asked !== state.asked || answer.httpStatus !== 200) { return; }
                mark(target, answer.accepted ? "accepting" : "refusing");
                $("hover").textContent = answer.accepted ? name + " takes these cards" : (answer.refusal ? answer.refusal.text : name + " does not take these cards");
              });
            });
          }

          window.addEventListener("pointerup", function (event) {
            if (!drag) { return; }
            var state = drag;
            state.lastX = event.clientX;
            state.lastY = event.clientY;
            if (!state.moved) {
              drag = null;
              api("tap", { pile: state.name }).then(show);
              return;
            }
            pending += 1;
            state.stack.then(function () {
              follow(state);
              return state.stack;
            }).then(function () {
              drag = null;
              clearMarks();
              $("hover").textContent = "";
              var target = pileAt(state.lastX, state.lastY);
              var name = target ? target.dataset.pile : null;
              if (!name || name === state.name) {
                table.innerHTML = current.svg;
                return;
              }
              return api("drop", { pile: state.name, index: state.index, to: name }).then(function (answer) {
                if (answer.refusal) { table.innerHTML = current.svg; }
                show(answer);
              });
            }).finally(function () { pending -= 1; settle(); });
          });

          table.addEventListener("dblclick", function (event) {
            var card = event.target.closest("g.card");
            var pile = event.target.closest("g.pile");
            if (!current || !card || !pile) { return; }
            api("home", { pile: pile.dataset.pile, index: cardsOf(pile).indexOf(card) }).then(show);
          });

          // MARK: Buttons

          function act(action, payload) { return function () { api(action, payload || {}).then(show); }; }
          $("undo").addEventListener("click", act("undo"));
          $("redo").addEventListener("click", act("redo"));
          $("restart").addEventListener("click", act("restart"));
          $("hint").addEventListener("click", act("hint"));
          $("winnable").addEventListener("click", function () {
            note(["asking the solver\\u2026"]);
            api("winnable", {}).then(show);
          });
          $("autoplay").addEventListener("change", function () { api("autoplay", { on: $("autoplay").checked }).then(show); });
          $("new").addEventListener("click", function () {
            openGame(body.dataset.file, $("deal").value.trim(), JSON.parse(body.dataset.options || "{}"));
          });
          $("to-catalog").addEventListener("click", function () { history.pushState(null, "", "#"); route(); });
          $("filter").addEventListener("input", filter);
          document.addEventListener("keydown", function (event) {
            if (body.dataset.view !== "game" || event.target.tagName === "INPUT") { return; }
            if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") { event.preventDefault(); act(event.shiftKey ? "redo" : "undo")(); }
          });

          // #play=FILE&deal=seed:1&option.draw=3 opens a game; anything else, the catalog.
          function route() {
            var hash = location.hash.slice(1);
            if (hash.indexOf("play=") !== 0) { return showCatalog(); }
            var file = "", deal = "", options = {};
            hash.split("&").forEach(function (part) {
              var equals = part.indexOf("=");
              var key = decodeURIComponent(part.slice(0, equals)), value = decodeURIComponent(part.slice(equals + 1));
              if (key === "play") { file = value; } else if (key === "deal") { deal = value; } else if (key.indexOf("option.") === 0) { options[key.slice(7)] = value; }
            });
            $("deal").value = deal;
            return start(file, deal, options);
          }
          window.addEventListener("popstate", route);
          route();
        })();
        """
}
