/**
 * /heloc-signer (spec 1 §2): the additional signers' flow, in its own lazy chunk. The index goes to
 * the login; resume (the invitation link), login and cancelled are open to visitors, the other screens
 * need the signer's session; conditions (behind fe-heloc-additional-signer-conditions) has its index,
 * upload-document and identity, and any other path under it goes up to conditions.
 */
import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { requireAuth } from '@/lib/auth';
import { lazyRoute } from '@/lib/lazy-route';

const screens = () => import('@/features/heloc-signer');
const href = paths.app.helocSigner.getHref;

type ScreenName = Exclude<
  keyof Awaited<ReturnType<typeof screens>>,
  `${string}_TITLE` | 'coDeedStatusQueryOptions'
>;

function screen(path: string, name: ScreenName, signedIn: boolean): RouteObject {
  return {
    path,
    ...(signedIn ? { loader: requireAuth } : {}),
    lazy: lazyRoute(() =>
      screens().then((module) => ({ Component: module[name] as unknown as () => React.ReactNode })),
    ),
  };
}

export const helocSignerRoutes: RouteObject[] = [
  {
    path: href().slice(1),
    children: [
      { index: true, element: <Navigate to={href('login')} replace /> },
      screen('resume', 'ResumePage', false),
      screen('login', 'SignerLoginPage', false),
      screen('cancelled', 'CancelledPage', false),
      screen('identity', 'IdentityPage', true),
      screen('intro', 'NotaryIntroPage', true),
      screen('error', 'NotaryErrorPage', true),
      screen('sign', 'NotarySessionPage', true),
      screen('documents', 'DocumentsPage', true),
      {
        path: 'conditions',
        children: [
          {
            index: true,
            loader: requireAuth,
            lazy: lazyRoute(() => screens().then((module) => ({ Component: module.ConditionsIndexPage }))),
          },
          screen('upload-document', 'ConditionUploadDocumentPage', true),
          screen('identity', 'ConditionIdentityPage', true),
          { path: '*', element: <Navigate to={href('conditions')} replace /> },
        ],
      },
    ],
  },
];
