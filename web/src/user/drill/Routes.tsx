// The drill's routes under /drill/* (mounted by one lazyArea line in app/App.tsx): the entry of its lazy chunk.
import { Route, Routes } from 'react-router';
import { DrillPage } from './DrillPage';

export default function DrillRoutes() {
  return (
    <Routes>
      <Route index element={<DrillPage />} />
    </Routes>
  );
}
