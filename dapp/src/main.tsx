// The shared styles first, so each component's own stylesheet (imported below them) wins ties.
import './styles/tokens.css';
import './styles/base.css';
import './styles/skeleton.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { connectApiToSession } from './app/api-auth.ts';
import { createQueryClient } from './app/query-client.ts';
import { appRoutes } from './app/routes.tsx';
import { createStore } from './state/store.ts';
import { registerServiceWorker } from './pwa/register.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

connectApiToSession();
const store = createStore();
const queryClient = createQueryClient();

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createBrowserRouter(appRoutes(queryClient))} />
      </QueryClientProvider>
    </Provider>
  </StrictMode>,
);

registerServiceWorker();
