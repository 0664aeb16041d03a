import type { SVGProps } from 'react';

/** Small stroke icons drawn inline, so no icon font or library ships with the public bundle. */
function Icon({ children, size = 18, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const SearchIcon = (props: SVGProps<SVGSVGElement> & { size?: number }) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);

export const FlameIcon = (props: SVGProps<SVGSVGElement> & { size?: number }) => (
  <Icon {...props}>
    <path d="M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5.5 1.5 1.5 2.5 2.5 2.5C11 8 11 5.5 12 3z" />
  </Icon>
);

export const HeartIcon = (props: SVGProps<SVGSVGElement> & { size?: number }) => (
  <Icon {...props}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
  </Icon>
);

export const ShareIcon = (props: SVGProps<SVGSVGElement> & { size?: number }) => (
  <Icon {...props}>
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="6" r="2.5" />
    <circle cx="18" cy="18" r="2.5" />
    <path d="m8.2 10.8 7.6-3.6M8.2 13.2l7.6 3.6" />
  </Icon>
);

export const CommentIcon = (props: SVGProps<SVGSVGElement> & { size?: number }) => (
  <Icon {...props}>
    <path d="M4 5h16v11H8l-4 4z" />
  </Icon>
);
