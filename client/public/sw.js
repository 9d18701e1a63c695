// The shop's service worker (decision 275): it shows the order pushes and opens the order on a tap. It caches
// nothing and answers no fetch: the pages stay live (client/README.md, "Installable web app").
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  // Only an order page of this shop is opened on a tap, whatever a message says.
  const url = typeof message.url === 'string' && /^\/orders\/[A-Za-z0-9_-]+$/.test(message.url) ? message.url : '/';
  event.waitUntil(
    self.registration.showNotification(typeof message.title === 'string' ? message.title : 'Wallet Shop', {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      lang: message.lang === 'bn' ? 'bn' : 'en',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // The order already open in a tab: bring that tab forward instead of opening another.
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })(),
  );
});
