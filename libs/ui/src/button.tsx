import { forwardRef, type ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'default' | 'primary' | 'positive' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  block?: boolean;
  /** A square button holding only an icon; give it an aria-label. */
  icon?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'default', size = 'md', block = false, icon = false, className, type = 'button', ...rest },
  ref,
) {
  const classes = ['k-btn'];
  if (variant !== 'default') classes.push(`k-btn--${variant}`);
  if (size === 'lg') classes.push('k-btn--lg');
  if (block) classes.push('k-btn--block');
  if (icon) classes.push('k-btn--icon');
  if (className) classes.push(className);
  return <button ref={ref} type={type} className={classes.join(' ')} {...rest} />;
});
