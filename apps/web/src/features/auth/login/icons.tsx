import type { ReactNode } from 'react';

/**
 * The login page's few line icons, drawn here: @ant-design/icons would bring antd's shared code with it, which the
 * login page does without (issue 26 §4). Decorative: each sits beside words that say the same.
 */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const BookIcon = () => (
  <Icon>
    <path d="M4 19V5a2 2 0 0 1 2-2h14v14H6a2 2 0 0 0-2 2 2 2 0 0 0 2 2h14" />
  </Icon>
);

export const PaperIcon = () => (
  <Icon>
    <path d="M6 2h9l5 5v15H6z" />
    <path d="M14 2v6h6M9 15l2 2 4-4" />
  </Icon>
);

export const FlaskIcon = () => (
  <Icon>
    <path d="M9 2h6M10 2v7L4.5 19a2 2 0 0 0 1.8 3h11.4a2 2 0 0 0 1.8-3L14 9V2M7 15h10" />
  </Icon>
);

export const ShieldIcon = () => (
  <Icon>
    <path d="M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5z" />
  </Icon>
);

export const EyeIcon = ({ crossed }: { crossed: boolean }) => (
  <Icon>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
    {crossed && <path d="M3 3l18 18" />}
  </Icon>
);

export const GlobeIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
  </Icon>
);
