import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrandLogo, svgAspectRatio } from './brand-logo';

describe('svgAspectRatio', () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60"><g/></svg>', 4],
    ['<svg viewBox="0,0,100,50" width="10" height="10"></svg>', 2],
    ['<svg width="300px" height="100"></svg>', 3],
    ['<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>', null],
    ['<svg viewBox="0 0 0 10"></svg>', null],
  ])('%s → %s', (svg, ratio) => {
    expect(svgAspectRatio(svg)).toBe(ratio);
  });
});

describe('BrandLogo', () => {
  it('reserves the width its viewBox gives at the requested height', () => {
    render(<BrandLogo brand={{ name: 'Acme', logoSvg: '<svg viewBox="0 0 240 60"></svg>' }} height={40} />);
    const img = screen.getByRole('img', { name: 'Acme' });
    expect(img).toHaveAttribute('width', '160');
    expect(img).toHaveAttribute('height', '40');
  });
});
