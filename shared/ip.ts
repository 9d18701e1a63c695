// IP addresses read the same way wherever the shop judges one: the blocklist's normal form here, the webhooks'
// address guard on the server. No Node imports: the client shows what the blocklist stores.

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export const isIpv4 = (text: string): boolean => IPV4.test(text);

/** The eight 16-bit groups of an IPv6 address (a zone index dropped, a dotted IPv4 tail read), or null. */
export function ipv6Groups(address: string): number[] | null {
  const text = address.replace(/%.*$/, '').toLowerCase();
  if (!/^[0-9a-f:.]+$/.test(text) || text.split('::').length > 2) return null;
  const words = (part: string, last: boolean): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (last && i === pieces.length - 1 && piece.includes('.')) {
        if (!isIpv4(piece)) return null;
        const [a, b, c, d] = piece.split('.').map(Number);
        out.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const compressed = text.includes('::');
  const [head, tail] = compressed ? text.split('::') : [text, ''];
  const left = words(head, !compressed);
  const right = compressed ? words(tail, true) : [];
  if (!left || !right) return null;
  const missing = 8 - left.length - right.length;
  if (compressed ? missing < 1 : missing !== 0) return null;
  return [...left, ...Array<number>(compressed ? missing : 0).fill(0), ...right];
}

/** RFC 5952's text of eight groups: lower case, no leading zeros, the longest run of two or more zero groups as `::`. */
export function ipv6Text(groups: readonly number[]): string {
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      best = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLength).join(':')}`;
}
