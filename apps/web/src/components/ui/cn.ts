import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Deliberately not tailwind-merge (9 KB gzip on the home page): components
 * avoid passing classes that conflict with their own instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
