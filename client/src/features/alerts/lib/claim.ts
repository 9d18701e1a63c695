// One alert per event in this browser, however many admin tabs are open (decision 119): the first tab to claim the
// event's key plays it. The claim is a list of recent keys in localStorage, read and written under a Web Lock, so
// two tabs never both see it free. Without Web Locks (older browsers) every tab alerts.
const STORAGE = 'adminAlerts:played';
const KEEP = 100;

export async function claimAlert(key: string): Promise<boolean> {
  if (!navigator.locks) return true;
  try {
    return await navigator.locks.request(STORAGE, () => {
      let played: string[] = [];
      try {
        const stored: unknown = JSON.parse(localStorage.getItem(STORAGE) ?? '[]');
        if (Array.isArray(stored)) played = stored.filter((k): k is string => typeof k === 'string');
      } catch {
        played = [];
      }
      if (played.includes(key)) return false;
      localStorage.setItem(STORAGE, JSON.stringify([...played, key].slice(-KEEP)));
      return true;
    });
  } catch {
    return true;
  }
}
