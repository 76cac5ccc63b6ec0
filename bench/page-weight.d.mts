export function firstLoadWeight(pageUrl: string): Promise<{
  jsGzipBytes: number;
  cssGzipBytes: number;
  htmlGzipBytes: number;
  scripts: number;
  stylesheets: number;
}>;
export function lighthouseMobile(pageUrl: string): Promise<{
  performanceScore: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  lcpElement: string | null;
}>;
