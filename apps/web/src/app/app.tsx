import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '@/lib/query-client';
import { createRouter } from './router';

const router = createRouter();

/** antd's ConfigProvider is not here on purpose: see components/antd-scope.tsx. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
