import { Route, Switch } from 'wouter';
import { HomePage } from '../routes/HomePage';
import { NotFoundPage } from '../routes/NotFoundPage';
import { Layout } from './Layout';

// wouter rather than React Router: the same declarative routes for ~2 KB instead of ~13 KB gzip
// on the home page's first load (budget: 120 KB).
export function App() {
  return (
    <Layout>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Layout>
  );
}
