import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const url = process.argv[2];
const runs = Number(process.argv[3] ?? 3);
for (let i = 0; i < runs; i++) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-dev-shm-usage','--disable-background-networking','--disable-component-update','--no-first-run'] });
  const r = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], formFactor: 'mobile', logLevel: 'error' });
  const a = r.lhr.audits;
  console.log(`run ${i}: TBT ${Math.round(a['total-blocking-time'].numericValue)} LCP ${Math.round(a['largest-contentful-paint'].numericValue)} score ${Math.round(r.lhr.categories.performance.score*100)}`);
  for (const t of a['long-tasks']?.details?.items ?? []) console.log('  long', Math.round(t.startTime), Math.round(t.duration), String(t.url).replace(/.*\/_next\/static\/chunks\//, ''));
  chrome.kill();
}
