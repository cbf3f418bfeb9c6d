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

export function BrandLogo({ brand, height = 40, className }: BrandLogoProps) {
  return (
    <img
      src={svgDataUri(brand.logoSvg)}
      alt={brand.name}
      className={className}
      style={{ height, width: 'auto', display: 'block' }}
    />
  );
}
