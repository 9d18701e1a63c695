// Line charts as a standalone SVG file, written as text (no browser, no dependency): panels stacked over one time
// axis, each with its own y scale, grid, ticks and legend. For the soak's figures over time.

export interface Series {
  name: string;
  /** [x, y] pairs; NaN y values leave a gap. */
  points: [number, number][];
}

export interface Panel {
  title: string;
  unit: string;
  series: Series[];
  /** A horizontal goal line (e.g. 50 ms). */
  goal?: { value: number; label: string };
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'];
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A round upper bound and step for an axis from 0 to at least `max` (1, 2 or 5 × 10^n steps, ~5 of them). */
export function niceScale(max: number): { top: number; step: number } {
  if (!(max > 0) || !Number.isFinite(max)) return { top: 1, step: 0.2 };
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  return { top: Math.ceil(max / step) * step, step };
}

const label = (v: number) => (Math.abs(v) >= 100 || Number.isInteger(v) ? String(Math.round(v)) : v.toPrecision(2));

export function lineChartsSvg(opts: {
  title: string;
  subtitle?: string;
  xLabel: string;
  panels: Panel[];
  width?: number;
}): string {
  const width = opts.width ?? 960;
  const panelHeight = 200;
  const left = 70;
  const right = 190;
  const top = opts.subtitle ? 62 : 44;
  const gap = 56;
  const plotWidth = width - left - right;
  const height = top + opts.panels.length * (panelHeight + gap) + 10;
  const xs = opts.panels.flatMap((p) => p.series.flatMap((s) => s.points.map(([x]) => x)));
  const xMax = niceScale(Math.max(1, ...xs));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${left}" y="24" font-size="16" font-weight="bold">${escape(opts.title)}</text>`,
  ];
  if (opts.subtitle) out.push(`<text x="${left}" y="44" fill="#555">${escape(opts.subtitle)}</text>`);
  opts.panels.forEach((panel, index) => {
    const y0 = top + index * (panelHeight + gap) + 20;
    const ys = panel.series.flatMap((s) => s.points.map(([, y]) => y)).filter((y) => Number.isFinite(y));
    const yScale = niceScale(Math.max(panel.goal?.value ?? 0, ...ys, 0) * 1.05);
    const px = (x: number) => left + (x / xMax.top) * plotWidth;
    const py = (y: number) => y0 + panelHeight - (y / yScale.top) * panelHeight;
    out.push(
      `<text x="${left}" y="${y0 - 8}" font-weight="bold">${escape(panel.title)} (${escape(panel.unit)})</text>`,
    );
    for (let v = 0; v <= yScale.top + 1e-9; v += yScale.step) {
      out.push(
        `<line x1="${left}" x2="${left + plotWidth}" y1="${py(v).toFixed(1)}" y2="${py(v).toFixed(1)}" stroke="#e5e5e5"/>`,
      );
      out.push(`<text x="${left - 6}" y="${(py(v) + 4).toFixed(1)}" text-anchor="end" fill="#555">${label(v)}</text>`);
    }
    for (let v = 0; v <= xMax.top + 1e-9; v += xMax.step) {
      out.push(
        `<line x1="${px(v).toFixed(1)}" x2="${px(v).toFixed(1)}" y1="${y0}" y2="${y0 + panelHeight}" stroke="#f0f0f0"/>`,
      );
      out.push(
        `<text x="${px(v).toFixed(1)}" y="${y0 + panelHeight + 16}" text-anchor="middle" fill="#555">${label(v)}</text>`,
      );
    }
    out.push(`<rect x="${left}" y="${y0}" width="${plotWidth}" height="${panelHeight}" fill="none" stroke="#999"/>`);
    if (panel.goal) {
      const gy = py(panel.goal.value).toFixed(1);
      out.push(
        `<line x1="${left}" x2="${left + plotWidth}" y1="${gy}" y2="${gy}" stroke="#000" stroke-dasharray="6 4"/>`,
      );
      out.push(
        `<text x="${left + plotWidth - 4}" y="${Number(gy) - 4}" text-anchor="end">${escape(panel.goal.label)}</text>`,
      );
    }
    panel.series.forEach((series, k) => {
      const colour = COLOURS[k % COLOURS.length];
      // Gaps (NaN) split the line into runs.
      const runs: string[][] = [[]];
      for (const [x, y] of series.points) {
        if (Number.isFinite(y)) runs[runs.length - 1].push(`${px(x).toFixed(1)},${py(y).toFixed(1)}`);
        else if (runs[runs.length - 1].length) runs.push([]);
      }
      for (const run of runs) {
        if (run.length === 1)
          out.push(`<circle cx="${run[0].split(',')[0]}" cy="${run[0].split(',')[1]}" r="2" fill="${colour}"/>`);
        else if (run.length > 1)
          out.push(`<polyline points="${run.join(' ')}" fill="none" stroke="${colour}" stroke-width="1.8"/>`);
      }
      const ly = y0 + 12 + k * 18;
      out.push(
        `<line x1="${left + plotWidth + 12}" x2="${left + plotWidth + 32}" y1="${ly - 4}" y2="${ly - 4}" stroke="${colour}" stroke-width="2.5"/>`,
      );
      out.push(`<text x="${left + plotWidth + 38}" y="${ly}">${escape(series.name)}</text>`);
    });
  });
  const lastPanelBottom = top + (opts.panels.length - 1) * (panelHeight + gap) + 20 + panelHeight;
  out.push(
    `<text x="${left + plotWidth / 2}" y="${lastPanelBottom + 34}" text-anchor="middle" fill="#333">${escape(opts.xLabel)}</text>`,
  );
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
