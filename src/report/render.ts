// Headless chart rendering: Vega-Lite -> Vega -> SVG (vega's own SVG renderer, no browser), then
// SVG -> PNG with resvg and the DejaVu Sans font shipped as a dependency, so that text renders the
// same on any machine, with or without system fonts.
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
/** A Vega-Lite specification as plain JSON. */
export type VlSpec = Record<string, unknown>;

const require = createRequire(import.meta.url);
let fonts: string[] | null = null;

/** The bundled font files (regular and bold). */
export function chartFontFiles(): string[] {
  fonts ??= ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => require.resolve(`dejavu-fonts-ttf/ttf/${f}`));
  return fonts;
}

export async function renderSvg(spec: VlSpec): Promise<string> {
  const vg = compile(spec as unknown as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(vg), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

export function svgToPng(svg: string, scale = 2): Buffer {
  const r = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
    font: { fontFiles: chartFontFiles(), loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  });
  return r.render().asPng();
}
