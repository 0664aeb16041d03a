import { StrictMode, useState, type ComponentType, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@ai-mind/ui';

interface AdminInSiteFrameProps {
  /** The public site's chrome (header, footer, consent banner), with its own providers and router. */
  SiteFrame: ComponentType<{ children: ReactNode }>;
  AdminApp: ComponentType;
}

/**
 * The admin panel inside the site's chrome (docs/product.md#pages: every page has the banner, navigation,
 * footer and toasts). The frame leaves a slot and the panel is rendered into it through a portal made
 * here, outside the frame's tree: the panel keeps its own router and providers, which React Router
 * would refuse inside the frame's router.
 */
export function AdminInSiteFrame({ SiteFrame, AdminApp }: AdminInSiteFrameProps) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <>
      <SiteFrame>
        <div ref={setSlot} data-testid="admin-slot" />
      </SiteFrame>
      {slot &&
        createPortal(
          <StrictMode>
            <BrowserRouter>
              <AppProviders>
                <AdminApp />
              </AppProviders>
            </BrowserRouter>
          </StrictMode>,
          slot,
        )}
    </>
  );
}
