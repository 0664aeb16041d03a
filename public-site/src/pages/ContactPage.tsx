import { Paper } from '@mantine/core';
import { ContactForm } from '../features/contact/components/ContactForm';
import { StaticPage } from './StaticPage';

/** The contact page (docs/product.md#pages): messages reach the admin's Contact Messages tab. */
export function ContactPage() {
  return (
    <StaticPage path="/contact" intro="Corrections, story tips and complaints about the AI's manners all reach a human editor.">
      <Paper withBorder p="lg" radius="md" maw={640}>
        <ContactForm />
      </Paper>
    </StaticPage>
  );
}
