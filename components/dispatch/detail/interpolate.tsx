import { Fragment, type ReactNode } from 'react';

/** Like `format`, with elements for placeholders: `{url}` can be a `<span dir="ltr">` inside translated text. */
export function interpolate(template: string, values: Record<string, ReactNode>): ReactNode {
  return template.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return <Fragment key={index}>{name !== undefined && name in values ? values[name] : part}</Fragment>;
  });
}
