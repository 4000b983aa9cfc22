/**
 * The game viewer's page: a state pane and the log side by side, stepped with buttons, keys (← → or p n,
 * Home, End) and a slider; every log line links to the state its step left. States arrive drawn (each
 * ruleset's view.ts); identical drawings are stored once, as a game's menu steps often change nothing drawn.
 */
import { esc, scriptJson, tag } from './html.js';
import { page } from './page.js';

export interface ViewerStep {
  /** The step's stdout lines, 1-based inclusive; null: it printed none. */
  readonly lines: readonly [number, number] | null;
  readonly input: string | null;
  readonly error?: string;
  /** The state after the step, drawn (HTML, inline SVG). */
  readonly html: string;
}

export interface Viewer {
  readonly title: string;
  readonly subtitle: string;
  /** The whole log, one entry per stdout line. */
  readonly log: readonly string[];
  readonly steps: readonly ViewerStep[];
  /** The ruleset's drawing CSS. */
  readonly css: string;
}

const VIEWER_CSS = `
body{height:100vh;display:flex;flex-direction:column}
main{flex:1;min-height:0;display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1rem;padding:1rem}
#state{overflow:auto;background:#fff;border:1px solid var(--line);border-radius:6px;padding:.75rem}
#log{overflow:auto;background:#fff;border:1px solid var(--line);border-radius:6px;margin:0;padding:.5rem 0;counter-reset:ln}
#log a{display:block;padding:0 .5rem;color:inherit;text-decoration:none;white-space:pre;counter-increment:ln}
#log a:hover{background:#eef2fb}
#log a::before{content:counter(ln);display:inline-block;min-width:4.5ch;margin-right:1ch;color:var(--muted);text-align:right}
#log a.in{color:var(--accent)}
#log a.err{color:#b00020}
#log a.cur{background:var(--hi)}
#slider{flex:1;min-width:10rem}
#where{min-width:8ch}
#said{color:var(--muted);white-space:pre}
@media (max-width:800px){body{height:auto;display:block}main{grid-template-columns:1fr}}
`;

/** Plain ES2015, no library: show(i) draws step i and marks its log lines. */
const SCRIPT = `(function(){
var data=JSON.parse(document.getElementById('steps').textContent);
var steps=data.steps,n=steps.length,k=-1;
var pane=document.getElementById('state'),slider=document.getElementById('slider'),where=document.getElementById('where'),said=document.getElementById('said');
var lines=document.querySelectorAll('#log a'),lit=[];
function stepOf(a){return +a.getAttribute('href').slice(2);}
function show(i){
 i=Math.max(0,Math.min(n-1,i|0));k=i;var s=steps[i];
 pane.innerHTML=data.html[s[0]];
 for(var j=0;j<lit.length;j++)lit[j].classList.remove('cur');lit=[];
 if(s[1]>0){for(var l=s[1];l<=s[2];l++){var e=lines[l-1];if(e){e.classList.add('cur');lit.push(e);}}
  if(lit.length){var box=document.getElementById('log');box.scrollTop=Math.max(0,lit[0].offsetTop-box.offsetTop-24);}}
 slider.value=String(i);where.textContent='step '+i+' / '+(n-1);
 said.textContent=s[3]===null?(i===0?'opening':'end of input'):'INPUT: '+s[3]+(s[4]?'  ('+s[4]+')':'');
 document.body.setAttribute('data-step',String(i));
 if(history.replaceState)history.replaceState(null,'','#s'+i);
}
function go(d){show(k+d);}
document.getElementById('first').onclick=function(){show(0);};
document.getElementById('prev').onclick=function(){go(-1);};
document.getElementById('next').onclick=function(){go(1);};
document.getElementById('last').onclick=function(){show(n-1);};
slider.oninput=function(){show(+slider.value);};
document.addEventListener('keydown',function(e){
 if(e.target===slider||e.altKey||e.ctrlKey||e.metaKey)return;
 var key=e.key;
 if(key==='ArrowRight'||key==='n'||key==='j'){go(1);}else if(key==='ArrowLeft'||key==='p'||key==='k'){go(-1);}
 else if(key==='Home'){show(0);}else if(key==='End'){show(n-1);}else return;
 e.preventDefault();
});
document.getElementById('log').addEventListener('click',function(e){
 var a=e.target.closest?e.target.closest('#log a'):null;if(!a)return;e.preventDefault();show(stepOf(a));
});
var m=/^#s(\\d+)$/.exec(location.hash),h=/^#L(\\d+)$/.exec(location.hash);
if(m)show(+m[1]);else if(h&&lines[+h[1]-1])show(stepOf(lines[+h[1]-1]));else show(0);
})();`;

/**
 * The log as links, each to the state of its line's step (`#s<step>`), with its id (`L<line>`); the line
 * numbers are a CSS counter, kept out of the file: a long game's log is most of its page.
 */
function logHtml(log: readonly string[], stepOfLine: readonly number[]): string {
  return log
    .map((text, i) => {
      const cls = text.startsWith('INPUT: ') ? 'in' : /^ERROR /.test(text) ? 'err' : null;
      return tag('a', { class: cls, id: `L${i + 1}`, href: `#s${stepOfLine[i] ?? 0}` }, esc(text));
    })
    .join('');
}

export function viewerPage(viewer: Viewer): string {
  const html: string[] = [];
  const index = new Map<string, number>();
  const stepOfLine: number[] = [];
  const rows = viewer.steps.map((s, i) => {
    let at = index.get(s.html);
    if (at === undefined) {
      at = html.push(s.html) - 1;
      index.set(s.html, at);
    }
    if (s.lines !== null) for (let l = s.lines[0]; l <= s.lines[1]; l++) stepOfLine[l - 1] = i;
    return [at, s.lines?.[0] ?? 0, s.lines?.[1] ?? 0, s.input, s.error ?? null];
  });
  const body = [
    '<header>',
    `<h1>${esc(viewer.title)}</h1><span class="sub">${esc(viewer.subtitle)}</span>`,
    '<button id="first" title="first (Home)">|◀ first</button><button id="prev" title="previous (←)">◀ prev</button>',
    '<button id="next" title="next (→)">next ▶</button><button id="last" title="last (End)">last ▶|</button>',
    `<input id="slider" type="range" min="0" max="${Math.max(0, viewer.steps.length - 1)}" value="0" aria-label="step">`,
    '<span id="where" class="mono"></span><span id="said" class="mono"></span>',
    '</header>',
    '<main><section id="state" aria-live="polite"></section>',
    `<pre id="log">${logHtml(viewer.log, stepOfLine)}</pre></main>`,
    `<script type="application/json" id="steps">${scriptJson({ html, steps: rows })}</script>`,
  ].join('\n');
  return page({ title: viewer.title, css: VIEWER_CSS + viewer.css, body, script: SCRIPT });
}
