// The count on the tab's icon (decision 119): the shop's icon drawn on a canvas with a red badge, set as every
// `<link rel="icon">`; zero puts the original icons back.
const ICON_SIZE = 64;
let base: Promise<HTMLImageElement | null> | undefined;
/** The original href of each icon link, to restore. */
const originals = new Map<HTMLLinkElement, string>();
let drawn = 0;

function iconLinks(): HTMLLinkElement[] {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')];
}

function loadBase(): Promise<HTMLImageElement | null> {
  base ??= new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = '/favicon.svg';
  });
  return base;
}

/** `label`: the count as shown ('3', '৩', '9+'); empty removes the badge. */
export async function showFaviconBadge(label: string): Promise<void> {
  const version = ++drawn;
  if (!label) {
    for (const [link, href] of originals) link.href = href;
    originals.clear();
    return;
  }
  const image = await loadBase();
  if (version !== drawn) return;
  const canvas = document.createElement('canvas');
  canvas.width = ICON_SIZE;
  canvas.height = ICON_SIZE;
  const g = canvas.getContext('2d');
  if (!g) return;
  if (image) g.drawImage(image, 0, 0, ICON_SIZE, ICON_SIZE);
  const radius = label.length > 1 ? 22 : 19;
  const cx = ICON_SIZE - radius + 2;
  const cy = radius - 2;
  g.beginPath();
  g.arc(cx, cy, radius, 0, Math.PI * 2);
  g.fillStyle = '#c92a2a';
  g.fill();
  g.lineWidth = 3;
  g.strokeStyle = '#ffffff';
  g.stroke();
  g.fillStyle = '#ffffff';
  g.font = `bold ${label.length > 1 ? 24 : 30}px "Noto Sans Bengali", system-ui, sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(label, cx, cy + 2);
  const url = canvas.toDataURL('image/png');
  for (const link of iconLinks()) {
    if (!originals.has(link)) originals.set(link, link.getAttribute('href') ?? '');
    link.href = url;
  }
}
