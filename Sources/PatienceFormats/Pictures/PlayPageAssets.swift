import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// The style sheet and script a ``PlayPage`` carries inline.
enum PlayPageAssets {
    static let style = """
        :root { color-scheme: light; font-family: system-ui, "DejaVu Sans", Verdana, Arial, sans-serif; }
        body { margin: 0; background: #f3f1ea; color: #1d1d1d; }
        header { padding: 12px 20px 4px; }
        h1 { margin: 0; font-size: 1.4rem; }
        h2 { margin: 0 0 6px; font-size: 1rem; }
        .summary { margin: 4px 0 0; color: #4a4a4a; }
        main { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 16px; padding: 8px 20px 20px; }
        #viewer { flex: 0 0 auto; }
        #controls { display: flex; align-items: center; gap: 8px; margin-bottom: 8px; }
        #controls button { font: inherit; padding: 4px 10px; border: 1px solid #8d8d8d; border-radius: 5px; background: #ffffff; cursor: pointer; }
        #controls button:disabled { color: #9a9a9a; cursor: default; }
        #position { min-width: 15em; text-align: center; font-variant-numeric: tabular-nums; }
        #table svg { display: block; border-radius: 6px; }
        #list { flex: 1 1 220px; max-width: 360px; }
        #moves { position: relative; margin: 0; padding: 0; list-style: none; max-height: 80vh; overflow: auto; border: 1px solid #c9c6bb; border-radius: 6px; background: #ffffff; }
        #moves li { border-bottom: 1px solid #ebe8df; }
        #moves li button { display: block; width: 100%; padding: 3px 8px; border: 0; background: none; font: inherit; text-align: left; cursor: pointer; }
        #moves li.current { background: #fff0a8; }
        #moves li.current button { font-weight: bold; }
        #moves .number { display: inline-block; min-width: 2.5em; color: #6b6b6b; }
        #moves .note { margin-left: 0.6em; color: #6b6b6b; font-size: 0.85em; }
        #moves li.unplayed { padding: 3px 8px; color: #9a9a9a; }
        .refused { color: #a40e26; }
        #moves li.refused { background: #fde6e8; }
        #moves li.refused.current { background: #f9c9ce; }
        #moves li.refused button { color: #a40e26; }
        .refused .reason { margin: 2px 8px; font-weight: bold; }
        .refused .location { margin: 2px 8px 4px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.85rem; }
        .refused .detail { margin: 4px 8px 6px; padding: 4px; overflow: auto; font-size: 0.8rem; background: #fff7f7; color: #5b0a16; }
        #refusal { box-sizing: border-box; width: 0; min-width: 100%; margin-top: 8px; padding: 6px 10px; border: 2px solid #c3122f; border-radius: 6px; background: #fde6e8; }
        #refusal p { margin: 2px 0; }
        code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
        """

    static let script = """
        (function () {
          "use strict";
          var body = document.body;
          var last = Number(body.getAttribute("data-positions")) - 1;
          var refused = body.getAttribute("data-refused") === "true";
          // One template a table: a whole picture (class "table") or the pile groups that
          // changed since the table before (class "patch", their indexes in data-piles).
          var templates = document.querySelectorAll("template[data-table]");
          var items = document.querySelectorAll("#moves li[data-position]");
          var table = document.getElementById("table");
          var label = document.getElementById("position");
          var refusal = document.getElementById("refusal");
          var buttons = {
            first: document.getElementById("first"), previous: document.getElementById("previous"),
            next: document.getElementById("next"), last: document.getElementById("last")
          };
          var moveCount = refused ? last - 1 : last;
          var position = -1;
          var drawn = -1;

          // Replaces the piles a patch names in the picture shown with the patch's groups, and
          // sets the picture's size (the <svg> element's and the felt's) and the caption's text
          // when the patch gives them.
          function patch(svg, template) {
            var width = template.getAttribute("data-width");
            var height = template.getAttribute("data-height");
            if (width !== null && height !== null) {
              svg.setAttribute("width", width);
              svg.setAttribute("height", height);
              svg.setAttribute("viewBox", "0 0 " + width + " " + height);
              var felt = svg.querySelector("rect.felt");
              if (felt) { felt.setAttribute("width", width); felt.setAttribute("height", height); }
            }
            var caption = template.getAttribute("data-caption");
            var text = svg.querySelector("text.caption");
            if (caption !== null && text) { text.textContent = caption; }
            var groups = svg.querySelectorAll("g.pile");
            var indexes = template.getAttribute("data-piles").split(" ").filter(Boolean).map(Number);
            var replacements = template.content.querySelectorAll("g.pile");
            indexes.forEach(function (index, k) {
              groups[index].replaceWith(document.importNode(replacements[k], true));
            });
          }

          // Shows table `at`: the patch after the table shown, or the last whole picture at or
          // before it and every patch since.
          function draw(at) {
            if (at === drawn) { return; }
            var svg = table.querySelector("svg");
            if (svg && at === drawn + 1 && templates[at].classList.contains("patch")) {
              patch(svg, templates[at]);
            } else {
              var start = at;
              while (start > 0 && templates[start].classList.contains("patch")) { start -= 1; }
              var picture = templates[start].content.cloneNode(true);
              for (var k = start + 1; k <= at; k += 1) { patch(picture.querySelector("svg"), templates[k]); }
              table.replaceChildren(picture);
            }
            drawn = at;
          }

          function describe(at) {
            if (refused && at === last) { return "Move " + at + " refused"; }
            if (at === 0) { return "Opening table"; }
            return "After move " + at + " of " + moveCount;
          }

          // Scrolls the move list, and only the list, so that the current move is in sight.
          function reveal(item) {
            var list = item.parentNode;
            if (item.offsetTop < list.scrollTop) {
              list.scrollTop = item.offsetTop;
            } else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
              list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
            }
          }

          function show(at) {
            at = Math.max(0, Math.min(last, Math.floor(Number(at)) || 0));
            if (at === position) { return; }
            position = at;
            draw(Math.min(at, templates.length - 1));
            label.textContent = describe(at);
            if (refusal) { refusal.hidden = !(refused && at === last); }
            items.forEach(function (item) {
              var current = Number(item.getAttribute("data-position")) === at;
              item.classList.toggle("current", current);
              if (current) {
                item.setAttribute("aria-current", "step");
                reveal(item);
              } else {
                item.removeAttribute("aria-current");
              }
            });
            buttons.first.disabled = buttons.previous.disabled = at === 0;
            buttons.next.disabled = buttons.last.disabled = at === last;
            try { history.replaceState(null, "", "#" + at); } catch (error) { /* a page opened from a file may not rewrite its address */ }
          }

          buttons.first.addEventListener("click", function () { show(0); });
          buttons.previous.addEventListener("click", function () { show(position - 1); });
          buttons.next.addEventListener("click", function () { show(position + 1); });
          buttons.last.addEventListener("click", function () { show(last); });
          items.forEach(function (item) {
            item.querySelector("button").addEventListener("click", function () {
              show(Number(item.getAttribute("data-position")));
            });
          });
          document.addEventListener("keydown", function (event) {
            if (event.altKey || event.ctrlKey || event.metaKey) { return; }
            var moves = { ArrowLeft: position - 1, ArrowRight: position + 1, Home: 0, End: last };
            if (Object.prototype.hasOwnProperty.call(moves, event.key)) {
              event.preventDefault();
              show(moves[event.key]);
            }
          });
          window.addEventListener("hashchange", function () { show(location.hash.slice(1)); });
          show(location.hash.slice(1));
        })();
        """
}
