// The FCP baseline (`npm run bench:fcp`): the least a React 19 page does before it paints, built by Vite like the shop.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function BarePage() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 16 }}>
      <h1>Wallet Shop</h1>
      <p>Top up and withdraw from your betting account with bKash, Nagad or Rocket.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BarePage />
  </StrictMode>,
);
