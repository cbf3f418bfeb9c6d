import type { TOrgBrand } from '@heloc/domain';

/** The CSP allows images from data: URIs only (no inline script), so the SVG travels as a data URI. */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

interface BrandLogoProps {
  brand: Pick<TOrgBrand, 'name' | 'logoSvg'>;
  /** Rendered height in pixels; the width follows the logo's aspect ratio. */
  height?: number;
  className?: string;
}

/** Width ÷ height of an SVG from its viewBox (else its width and height attributes); null if it has neither. */
export function svgAspectRatio(svg: string): number | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const box = /\bviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(root);
  const width = Number(box?.[1] ?? /\bwidth\s*=\s*["']([\d.]+)(?:px)?["']/i.exec(root)?.[1]);
  const height = Number(box?.[2] ?? /\bheight\s*=\s*["']([\d.]+)(?:px)?["']/i.exec(root)?.[1]);
  return width > 0 && height > 0 ? width / height : null;
}

export function BrandLogo({ brand, height = 40, className }: BrandLogoProps) {
  // Sized before it decodes, so nothing beside it moves when it appears.
  const ratio = svgAspectRatio(brand.logoSvg);
  const width = ratio === null ? undefined : Math.round(height * ratio);
  return (
    <img
      src={svgDataUri(brand.logoSvg)}
      alt={brand.name}
      className={className}
      width={width}
      height={height}
      style={{ height, width: width ?? 'auto', display: 'block' }}
    />
  );
}
