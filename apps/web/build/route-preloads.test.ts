import { describe, expect, it } from 'vitest';
import { routePreloadsFrom } from './route-preloads';

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    css: ['assets/index.css'],
  },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
  '_forms.js': { file: 'assets/forms.js', imports: ['_shared.js'], css: ['assets/forms.css'] },
  'src/routes/login.tsx': { file: 'assets/login.js', imports: ['_shared.js', '_forms.js'] },
  'src/early.ts': { file: 'assets/early.js', isEntry: true },
  'src/early-importing.ts': { file: 'assets/early-importing.js', isEntry: true, imports: ['_shared.js'] },
};

describe('routePreloadsFrom', () => {
  it('lists what a route module loads beyond the page entry, with the base path', () => {
    expect(
      routePreloadsFrom(manifest, [{ path: '^/login$', modules: ['src/routes/login.tsx'] }], '/app/'),
    ).toEqual([
      {
        path: '^/login$',
        scripts: ['/app/assets/login.js', '/app/assets/forms.js'],
        styles: ['/app/assets/forms.css'],
        run: [],
      },
    ]);
  });

  it('a page’s own early entry runs as its one file; one that imports another chunk fails the build', () => {
    const route = { path: '^/a$', modules: ['src/routes/login.tsx'] };
    expect(routePreloadsFrom(manifest, [{ ...route, run: ['src/early.ts'] }], '/app/')[0]!.run).toEqual([
      '/app/assets/early.js',
    ]);
    expect(() => routePreloadsFrom(manifest, [{ ...route, run: ['src/early-importing.ts'] }], '/')).toThrow(
      /must stand alone/,
    );
    expect(() => routePreloadsFrom(manifest, [{ ...route, run: ['_forms.js'] }], '/')).toThrow(
      /not an entry/,
    );
  });

  it('a route module that is not in the build fails the build', () => {
    expect(() => routePreloadsFrom(manifest, [{ path: '^/x$', modules: ['src/gone.tsx'] }], '/')).toThrow(
      /src\/gone\.tsx is not a chunk/,
    );
  });
});
