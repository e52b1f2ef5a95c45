import type { SVGProps } from 'react';
import { twMerge } from './tv.ts';

/** Small decorative icons (16px grid, currentColor). Always aria-hidden: the text beside them carries meaning. */
function Icon({ children, className, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={twMerge('size-4 shrink-0', className)}
      {...props}
    >
      {children}
    </svg>
  );
}

export const ChevronDownIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M4 6l4 4 4-4" /></Icon>;
export const ChevronRightIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M6 4l4 4-4 4" /></Icon>;
export const ChevronLeftIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M10 4L6 8l4 4" /></Icon>;
export const ChevronUpIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M4 10l4-4 4 4" /></Icon>;
export const CheckIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M3.5 8.5l3 3 6-7" /></Icon>;
export const MinusIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M4 8h8" /></Icon>;
export const PlusIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M8 4v8M4 8h8" /></Icon>;
export const CloseIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M4 4l8 8M12 4l-8 8" /></Icon>;
export const SearchIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><circle cx="7" cy="7" r="4.5" /><path d="M10.5 10.5L14 14" /></Icon>;
export const EyeIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8z" /><circle cx="8" cy="8" r="2" /></Icon>;
export const EyeOffIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8z" /><path d="M2 2l12 12" /></Icon>;
export const InfoIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><circle cx="8" cy="8" r="6.5" /><path d="M8 7.5v4M8 4.75v.5" /></Icon>;
export const AlertIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M8 1.75L15 14H1z" /><path d="M8 6.5v3.5M8 12v.25" /></Icon>;
export const SuccessIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><circle cx="8" cy="8" r="6.5" /><path d="M5 8.25l2 2 4-4.5" /></Icon>;
export const ErrorIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><circle cx="8" cy="8" r="6.5" /><path d="M5.75 5.75l4.5 4.5M10.25 5.75l-4.5 4.5" /></Icon>;
export const ClockIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><circle cx="8" cy="8" r="6.5" /><path d="M8 4.5V8l2.5 1.5" /></Icon>;
export const DotIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><circle cx="8" cy="8" r="3" fill="currentColor" /></Icon>;
export const UploadIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M8 11V2.5M4.5 6L8 2.5 11.5 6M2.5 11v2.5h11V11" /></Icon>;
export const FileIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M9 1.5H4a1 1 0 00-1 1v11a1 1 0 001 1h8a1 1 0 001-1V5.5z" /><path d="M9 1.5v4h4" /></Icon>;
export const MoreIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><circle cx="3.5" cy="8" r=".75" /><circle cx="8" cy="8" r=".75" /><circle cx="12.5" cy="8" r=".75" /></Icon>;
export const GearIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><circle cx="8" cy="8" r="2" /><circle cx="8" cy="8" r="4.5" /><path d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4" /></Icon>;
export const TruckIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M1.5 4h8v7h-8zM9.5 6.5h2.75l2.25 2.5v2h-5" /><circle cx="4.5" cy="12" r="1.5" /><circle cx="11.5" cy="12" r="1.5" /></Icon>;
export const ReturnIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M5.5 3L2.5 6l3 3" /><path d="M2.5 6h8a3.25 3.25 0 010 6.5H7" /></Icon>;
export const BanknoteIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><rect x="1.5" y="4" width="13" height="8" rx="1" /><circle cx="8" cy="8" r="1.75" /></Icon>;
export const BankIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M2 6.5L8 3l6 3.5M3.5 8v4M6.5 8v4M9.5 8v4M12.5 8v4M2 14h12" /></Icon>;
export const PencilIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M10.5 2.5l3 3L6 13H3v-3z" /></Icon>;
export const HourglassIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M4 1.75h8M4 14.25h8M5 2v2.5L8 8l3-3.5V2M5 14v-2.5L8 8l3 3.5V14" /></Icon>;
export const RefreshIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M13.5 8a5.5 5.5 0 01-9.9 3.3M2.5 8a5.5 5.5 0 019.9-3.3M12.5 1.75v3h-3M3.5 14.25v-3h3" /></Icon>;
export const SortIcon = ({ direction, ...p }: SVGProps<SVGSVGElement> & { direction?: 'ascending' | 'descending' }) =>
  direction === 'ascending' ? <ChevronUpIcon {...p} /> : direction === 'descending' ? <ChevronDownIcon {...p} /> : <Icon {...p}><path d="M5 6l3-3 3 3M5 10l3 3 3-3" /></Icon>;
