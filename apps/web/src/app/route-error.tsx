import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { isChunkLoadError } from '@/lib/chunk-reload';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const location = useLocation();
  return <ErrorView status={404} path={location.pathname} />;
}

/** Errors thrown while loading or rendering a route; internals are never shown to the visitor. */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error)) return <ErrorView status={error.status} path={location.pathname} />;
  return <ErrorView status={500} detail={isChunkLoadError(error) ? t('error.chunk') : undefined} />;
}
