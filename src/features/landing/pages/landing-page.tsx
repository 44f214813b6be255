import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/page-header';
import { FeaturesSection, ModulesSection } from '../components/feature-sections';
import { HeroSection } from '../components/hero-section';
import { PricingSection } from '../components/pricing-section';
import { ContactSection, LandingFooter, TestimonialsSection, WalkthroughSection } from '../components/story-sections';

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
