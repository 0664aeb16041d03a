// The contact form's messages, without zod, for the public site's bundle.

export const CONTACT_SUCCESS_MESSAGE = 'Thank you for your message! We will get back to you soon.';
export const CONTACT_FAILURE_MESSAGE = 'Sorry, there was an error sending your message. Please try again.';
