import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/page-header';
import { ContactSection } from '../components/contact-section';
import { FeaturesSection, ModulesSection } from '../components/feature-sections';
import { HeroSection } from '../components/hero-section';
import { LandingFooter } from '../components/landing-footer';
import { PricingSection } from '../components/pricing-section';
import { TestimonialsSection } from '../components/testimonials-section';
import { WalkthroughSection } from '../components/walkthrough-section';

/** SPEC §2: hero, features, modules, pricing, demo walkthrough, testimonials, contact, footer. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(t('document_title'));
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <ModulesSection />
      <PricingSection />
      <WalkthroughSection />
      <TestimonialsSection />
      <ContactSection />
      <LandingFooter />
    </>
  );
}
