import "@mantine/carousel/styles.css";
import { Carousel } from "@mantine/carousel";
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, useDirection, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconBuildingBank, IconCircleCheck } from "@tabler/icons-react";
import type { EmblaCarouselType } from "embla-carousel";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { useUser } from "@/lib/auth";
import { formatDate } from "@/lib/format";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useCurrentPlan } from "../api/current-plan";
import { useTrialPlanIds } from "../api/lookups";
import { useOfferedPlans } from "../api/plans";
import { CustomPlanCard } from "../components/custom-plan-card";
import { PlacedOrderNotice } from "../components/placed-order-notice";
import { PlanCard } from "../components/plan-card";
import type { TrialAvailability } from "../components/plan-trial";
import classes from "./pricing-plans-page.module.css";

/** How close to the last loaded plan the visitor gets before the next page is fetched. */
const PREFETCH_DISTANCE = 3;

/** pricing-plans: the offered plans as a carousel, the current plan marked, a custom-plan card last. */
export function PricingPlansPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("pages.pricingPlans.title"));
  const { dir } = useDirection();
  const plans = useOfferedPlans();
  const current = useCurrentPlan();
  const items = plans.data?.pages.flatMap((page) => page.items) ?? [];
  const currentPlan = current.data?.plan ?? null;
  const currentCustom = currentPlan?.isCustom ? currentPlan : null;
  // Which trials the customer has had, asked only when a card offers one; if that fails, the
  // server's 409 still says so when the button is pressed.
  const { data: user } = useUser();
  const anyTrial = items.some((plan) => plan.trialDays);
  const usedTrials = useTrialPlanIds(anyTrial ? user?.id : undefined);
  const trialOf = (planId: string): TrialAvailability =>
    usedTrials.data ? (usedTrials.data.has(planId) ? "used" : "available") : usedTrials.isLoading ? "checking" : "available";

  // Open on the customer's current plan when it is not already in sight (phones show one card). A
  // plan beyond the first page, or the custom card (always last), is only found once the pages before
  // it are loaded: jumping to it earlier would load them then, and push the card out of sight again.
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const shownCurrent = useRef(false);
  const currentIndex = currentPlan ? items.findIndex((plan) => plan.id === currentPlan.id) : -1;
  const currentSlide = currentCustom ? items.length : currentIndex;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = plans;
  const currentNotLoaded = currentPlan !== null && hasNextPage && (currentCustom !== null || currentIndex < 0);
  useEffect(() => {
    if (!embla || shownCurrent.current || current.isPending || plans.isPending) return;
    if (currentNotLoaded) {
      if (!isFetchingNextPage) void fetchNextPage();
      return;
    }
    const show = (): boolean => {
      const node = embla.slideNodes()[currentSlide];
      if (!node) return false;
      shownCurrent.current = true;
      const slide = node.getBoundingClientRect();
      const view = embla.rootNode().getBoundingClientRect();
      // The slide box includes the gap after it, so its middle says best whether it is in sight.
      const middle = (slide.left + slide.right) / 2;
      if (middle < view.left || middle > view.right) embla.scrollTo(currentSlide, true);
      return true;
    };
    if (currentSlide < 0) {
      shownCurrent.current = true;
      return;
    }
    if (show()) return;
    // Embla takes in new slides from a mutation observer, which may run after this effect.
    const showWhenAdded = () => {
      if (show()) embla.off("slidesChanged", showWhenAdded);
    };
    embla.on("slidesChanged", showWhenAdded);
    return () => {
      embla.off("slidesChanged", showWhenAdded);
    };
  }, [embla, currentSlide, current.isPending, plans.isPending, currentNotLoaded, isFetchingNextPage, fetchNextPage]);

  // Mantine's carousel says "Slide 3 of 3" and "Slides" in English whatever the language: its status
  // is hidden (pricing-plans-page.module.css) for this one, and its indicators' list is renamed.
  const [selected, setSelected] = useState(0);
  const slideCount = items.length + 1;
  const slidesLabel = t("commerce.pricing.slidesLabel");
  useLayoutEffect(() => {
    embla?.rootNode().parentElement?.querySelector(':scope > [role="tablist"]')?.setAttribute("aria-label", slidesLabel);
  }, [embla, slidesLabel, slideCount]);
  useFitPhoneSlides(embla);

  const onSlideChange = (index: number) => {
    setSelected(index);
    loadMoreNear(index);
  };
  const loadMoreNear = (index: number) => {
    if (hasNextPage && !isFetchingNextPage && index >= items.length - PREFETCH_DISTANCE) void fetchNextPage();
  };

  const slideLabels = (index: number) => ({
    "aria-roledescription": t("commerce.pricing.slideRole"),
    "aria-label": t("commerce.pricing.slideStatus", { index: index + 1, total: slideCount }),
  });

  let content;
  if (plans.isPending) {
    content = (
      <Group gap="md" wrap="nowrap" aria-busy="true" aria-label={t("app.loading")} style={{ overflow: "hidden" }}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={440} radius="lg" style={{ flex: "0 0 min(100%, 340px)" }} />
        ))}
      </Group>
    );
  } else if (plans.isError && items.length === 0) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="pricing-error">
        <Text size="sm">{t("commerce.pricing.loadFailed")}</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void plans.refetch()}>
          {t("commerce.common.retry")}
        </Button>
      </Alert>
    );
  } else {
    content = (
      <>
        {items.length === 0 && (
          <Alert variant="light" color="gray" mb="md" title={t("commerce.pricing.noPlans")}>
            {t("commerce.pricing.noPlansDescription")}
          </Alert>
        )}
        <Carousel
          type="container"
          slideSize={{ base: "100%", "440px": "85%", "640px": "50%", "1000px": "33.3333%" }}
          slideGap="md"
          emblaOptions={{ align: "start", slidesToScroll: 1, direction: dir, containScroll: "trimSnaps" }}
          controlsOffset="xs"
          controlSize={36}
          withIndicators
          onSlideChange={onSlideChange}
          getEmblaApi={setEmbla}
          aria-label={t("commerce.pricing.carouselLabel")}
          role="region"
          aria-roledescription={t("commerce.pricing.carouselRole")}
          previousControlProps={{ "aria-label": t("commerce.pricing.previous") }}
          nextControlProps={{ "aria-label": t("commerce.pricing.next") }}
          getIndicatorProps={(index) => ({ "aria-label": t("commerce.pricing.goToSlide", { index: index + 1 }) })}
          classNames={{ root: classes.root, container: classes.container, controls: classes.controls, control: classes.control, indicators: classes.indicators, indicator: classes.indicator }}
          data-testid="pricing-carousel"
        >
          {items.map((plan, index) => (
            <Carousel.Slide key={plan.id} {...slideLabels(index)}>
              <PlanCard plan={plan} current={currentPlan?.id === plan.id} trial={trialOf(plan.id)} />
            </Carousel.Slide>
          ))}
          <Carousel.Slide {...slideLabels(items.length)}>
            <CustomPlanCard currentCustomPlan={currentCustom} />
          </Carousel.Slide>
        </Carousel>
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="pricing-carousel-status">
          {t("commerce.pricing.slideStatus", { index: Math.min(selected, slideCount - 1) + 1, total: slideCount })}
        </VisuallyHidden>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t("pages.pricingPlans.title")} description={t("commerce.pricing.subtitle")} />
      <Stack gap="lg">
        <PlacedOrderNotice />
        <Paper withBorder radius="md" p="md" data-testid="current-plan-summary">
          {current.isPending ? (
            <Skeleton height={20} width="40%" />
          ) : currentPlan ? (
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon color="teal" variant="light" radius="xl">
                <IconCircleCheck size={18} aria-hidden />
              </ThemeIcon>
              <div>
                <Text fw={600}>{t("commerce.pricing.yourPlan", { name: currentPlan.isCustom ? t("commerce.pricing.customTitle") : currentPlan.name })}</Text>
                {current.data?.selectedAt && (
                  <Text size="sm" c="dimmed">
                    {t("commerce.pricing.selectedOn", { date: formatDate(current.data.selectedAt, i18n.language) })}
                  </Text>
                )}
              </div>
            </Group>
          ) : (
            <Text c="dimmed">{t("commerce.pricing.noPlanYet")}</Text>
          )}
        </Paper>
        {content}
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconBuildingBank size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" c="dimmed">
            {t("commerce.pricing.enterpriseNote")}{" "}
            <Anchor component={Link} to={`${paths.payments}?tab=enterprise`} size="sm">
              {t("commerce.pricing.enterpriseLink")}
            </Anchor>
          </Text>
        </Group>
      </Stack>
    </>
  );
}

/**
 * On a phone one card shows at a time, and cards top-align there (pricing-plans-page.module.css)
 * instead of stretching to the tallest: the carousel takes the height of the cards in view, so a
 * short card has no empty band inside it nor under it.
 */
function useFitPhoneSlides(embla: EmblaCarouselType | null) {
  useEffect(() => {
    if (!embla) return;
    const fit = () => {
      const container = embla.containerNode();
      const topAligned = getComputedStyle(container).alignItems === "flex-start";
      // The slides of the selected snap (a neighbour peeking in at the edge does not count).
      const selected = embla.internalEngine().slideRegistry[embla.selectedScrollSnap()] ?? [];
      const heights = selected.map((index) => embla.slideNodes()[index]?.offsetHeight ?? 0);
      container.style.height = topAligned && heights.length > 0 ? `${Math.max(...heights)}px` : "";
    };
    fit();
    embla.on("select", fit).on("resize", fit).on("slidesChanged", fit);
    return () => {
      embla.off("select", fit).off("resize", fit).off("slidesChanged", fit);
    };
  }, [embla]);
}

export { PricingPlansPage as Component };
