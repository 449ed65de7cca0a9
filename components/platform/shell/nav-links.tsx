'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** The main navigation; the current section is marked for sighted and screen-reader users alike. */
export function NavLinks({ links, label }: { links: { href: string; text: string }[]; label: string }) {
  const pathname = usePathname();
  // The longest matching link is current: /dispatches/new belongs to "New dispatch", not "Dispatches".
  const current = links
    .filter((link) => pathname === link.href || pathname.startsWith(`${link.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    <nav aria-label={label} className="nav">
      {links.map((link) => (
        <Link key={link.href} href={link.href} className="nav__link" aria-current={link.href === current ? 'page' : undefined}>
          {link.text}
        </Link>
      ))}
    </nav>
  );
}
