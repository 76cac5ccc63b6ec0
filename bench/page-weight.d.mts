export function firstLoadWeight(pageUrl: string): Promise<{
  jsGzipBytes: number;
  cssGzipBytes: number;
  htmlGzipBytes: number;
  scripts: number;
  stylesheets: number;
}>;
