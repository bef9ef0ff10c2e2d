/** The installed app's icons: drawn by scripts/make-icons.ts, listed in every web app manifest. */
export interface AppIcon {
  src: string;
  size: number;
  maskable: boolean;
}

export const APP_ICONS: readonly AppIcon[] = [
  { src: '/icons/app-192.png', size: 192, maskable: false },
  { src: '/icons/app-512.png', size: 512, maskable: false },
  { src: '/icons/app-maskable-192.png', size: 192, maskable: true },
  { src: '/icons/app-maskable-512.png', size: 512, maskable: true },
];
