/**
 * A build step: each exported page starts Next.js's scripts after its first
 * paint, not before.
 *
 * Next.js writes its scripts into a page as `<script src async>` tags, and the
 * browser runs an async script as soon as it has arrived, even when the page
 * has not been painted yet. On a slow phone that holds the first view back
 * by the time the framework takes to start (about a second on a mid-range
 * phone), though the page needs none of it to be read: it is prerendered,
 * and what works before the script (links, the menu, the forms' fields) works
 * without it.
 *
 * So the tags are taken out, and one small inline script (the same on every
 * page, so one CSP hash) adds them again, in the same order and still async,
 * once the page has loaded and been painted, when the browser is next idle:
 * after the load event (or 3 s after the page was parsed, should an image
 * stall), from a task queued by the next animation frame (the browser runs it
 * only after that frame), in an idle callback (at most a second later). A
 * page that is hidden (opened in a background tab, or prerendered) paints no
 * frame, so there the scripts start at once, or as soon as the page is hidden.
 *
 * The loader also keeps events on an element marked `data-native-until-hydrated`
 * from React until React has hydrated it (and so removed the mark): the
 * browser's own behaviour acts alone (the `Meny` button opens its popover).
 * Otherwise React, which listens from the moment the framework starts, would on
 * a tap or a key there first hydrate the whole page at once (a quarter of a
 * second on a slow phone) before letting the browser act. React does that for
 * the events listed below.
 *
 * No preloads are added for them (Next's own low-priority preload of one
 * chunk stays): a preload would share the connection with the page's own
 * images and fonts and hold back the largest of them (measured: the home
 * page's largest paint 1.8 s → 2.9 s on slow 4G).
 */

/** Next's own script tags, exactly as React writes them into the page. */
const NEXT_SCRIPT = /<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g;
/** Any other script from Next, in a form this step does not know, except the legacy-browser polyfill. */
const UNKNOWN_NEXT_SCRIPT = /<script(?![^>]*\snoModule="")[^>]*\ssrc="\/_next\/[^"]*"[^>]*>/;

const ATTRIBUTE = "data-after-paint";
/** The mark, for the components that render it. */
export const NATIVE_UNTIL_HYDRATED = "data-native-until-hydrated";
/** The events React hydrates the whole page for when they arrive before it has (its `discreteReplayableEvents`). */
const HYDRATING_EVENTS = [
  "pointerdown",
  "pointerup",
  "pointercancel",
  "mousedown",
  "mouseup",
  "touchstart",
  "touchend",
  "touchcancel",
  "click",
  "auxclick",
  "dblclick",
  "contextmenu",
  "keydown",
  "keypress",
  "keyup",
];
/** The part of the loader that keeps those events on a marked element from React. */
export const KEEP_FROM_REACT_UNTIL_HYDRATED = [
  `${JSON.stringify(HYDRATING_EVENTS)}.forEach(function(type){addEventListener(type,function(e){`,
  `var t=e.target;if(t&&t.closest&&t.closest('[${NATIVE_UNTIL_HYDRATED}]'))e.stopPropagation();`,
  "},{capture:true,passive:true});});",
].join("");
const LOADER = [
  "(function(me){",
  KEEP_FROM_REACT_UNTIL_HYDRATED,
  "var started=false,list=JSON.parse(me.getAttribute('data-after-paint'));",
  "function start(){if(started)return;started=true;",
  "list.forEach(function(src){var s=document.createElement('script');s.src=src;s.async=true;document.head.appendChild(s);});}",
  "if(document.visibilityState==='hidden')return start();",
  "document.addEventListener('visibilitychange',start,{once:true});",
  "function idle(){typeof requestIdleCallback==='function'?requestIdleCallback(start,{timeout:1000}):setTimeout(start,50);}",
  "function painted(){requestAnimationFrame(function(){setTimeout(idle,0);});}",
  "if(document.readyState==='complete')painted();else{addEventListener('load',painted,{once:true});setTimeout(painted,3000);}",
  "})(document.currentScript)",
].join("");

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
const unescapeAttribute = (text: string) => text.replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/**
 * The page with Next's script tags replaced by the loader at the end of its
 * body; a page without them comes back as it was. Throws when Next wrote a
 * script in a form this step does not know (after an upgrade): a page that
 * would start its scripts before its first paint is a build error, not a surprise.
 */
export function startScriptsAfterFirstPaint(html: string): string {
  const sources: string[] = [];
  const rest = html.replace(NEXT_SCRIPT, (_tag, src: string) => {
    sources.push(src);
    return "";
  });
  const unknown = UNKNOWN_NEXT_SCRIPT.exec(rest);
  if (unknown) throw new Error(`Next.js skrev et skript dette byggesteget ikke kjenner: ${unknown[0]}`);
  if (sources.length === 0) return html;
  if (!rest.includes("</body>")) throw new Error("Siden har ingen </body> å legge skriptene inn foran");
  const loader = `<script ${ATTRIBUTE}="${escapeAttribute(JSON.stringify(sources))}">${LOADER}</script>`;
  return rest.replace("</body>", `${loader}</body>`);
}

/** The scripts a page's loader starts after its first paint (none when it has no loader). */
export function scriptsAfterFirstPaint(html: string): string[] {
  const list = new RegExp(`<script ${ATTRIBUTE}="([^"]*)">`).exec(html);
  return list ? (JSON.parse(unescapeAttribute(list[1]!)) as string[]) : [];
}
