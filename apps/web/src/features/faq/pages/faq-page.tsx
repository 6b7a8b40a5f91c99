import { Alert, Button, Chip, Group, NativeSelect, Paper, Skeleton, Stack, Text, TextInput, Title, CloseButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertTriangle, IconMessageQuestion, IconPresentation, IconSearch, IconSearchOff, IconSettings, IconTicket, IconInbox } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EmptyPanel } from "@/components/empty-panel";
import { PageHeader } from "@/components/page-header";
import { useUser } from "@/lib/auth";
import { parseApiError } from "@/lib/errors";
import { paths } from "@/lib/paths";
import { useFaq } from "../api/faq";
import { CategoryIcon } from "../components/category-icon";
import { DemoRequestDialog } from "../components/demo-request-dialog";
import { FaqQuestionList } from "../components/faq-question-list";
import { countsByCategory, faqSections, popularItems, productNames } from "../lib/faq-view";

const ALL = "all";

/**
 * A category's number of questions beside its name, in the interface's digits. In the chip's own
 * colour: the dimmed grey is AA on the page's surfaces but not on a checked chip's tint (4.3:1).
 */
function ChipCount({ count }: { count: number }) {
  const { i18n } = useTranslation();
  return (
    <Text span size="xs" c="inherit" ms={6} fw={700} data-testid="faq-chip-count">
      {new Intl.NumberFormat(i18n.language).format(count)}
    </Text>
  );
}
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /faq (spec section 2): a search box (searched on the server), the nine categories, the popular
 * questions, every answer in the reader's language, and the demo-request dialog. Administrators
 * also find their way to keeping the FAQ and to the demo requests from here. The search and the
 * chosen category live in the URL.
 */
export function FaqPage() {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const [params, setParams] = useSearchParams();
  const query = params.get("q") ?? "";
  const category = params.get("category") ?? ALL;
  const [typed, setTyped] = useState(query);
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [demoOpen, setDemoOpen] = useState(false);
  const openDemo = () => setDemoOpen(true);
  const faq = useFaq(i18n.language, query);

  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The URL follows the typing (debounced), and the box follows the URL when something else changes
  // it (back button, a link with ?q=); `written` tells the two apart, so a late URL update never
  // overwrites what is being typed.
  const written = useRef(query);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    setParam("q", debounced || null);
  }, [debounced, setParam]);
  useEffect(() => {
    if (query === written.current) return;
    written.current = query;
    setTyped(query);
  }, [query]);

  const data = faq.data;
  const knownCategory = data?.categories.some((entry) => entry.key === category) ? category : ALL;
  const sections = data ? faqSections(data, knownCategory === ALL ? undefined : knownCategory) : [];
  const popular = data && !query && knownCategory === ALL ? popularItems(data) : [];
  const counts = data ? countsByCategory(data) : new Map<string, number>();
  const total = data?.items.length ?? 0;

  const clearSearch = () => {
    setTyped("");
    setParam("q", null);
  };

  const header = (
    <PageHeader
      title={t("pages.faq.title")}
      description={t("faq.description")}
      actions={
        <Group gap="sm">
          {user?.isAdmin && (
            <>
              <Button component={Link} to={paths.faqManage} variant="default" leftSection={<IconSettings size={16} aria-hidden />}>
                {t("faq.admin.manage")}
              </Button>
              <Button component={Link} to={paths.faqDemoRequests} variant="default" leftSection={<IconInbox size={16} aria-hidden />}>
                {t("faq.admin.demoRequests")}
              </Button>
            </>
          )}
          <Button leftSection={<IconPresentation size={16} aria-hidden />} onClick={openDemo} data-testid="faq-demo-open">
            {t("faq.demo.open")}
          </Button>
        </Group>
      }
    />
  );

  // A native option is plain text: the name is isolated (U+2068…U+2069) so a Latin name in a Persian list keeps its place.
  const withCount = (name: string, count: number) => `\u2068${name}\u2069 · ${new Intl.NumberFormat(i18n.language).format(count)}`;
  const categoryOptions = (data?.categories ?? []).map((entry) => ({ value: entry.key, label: entry.name, id: entry.id }));

  let content: React.ReactNode;
  if (faq.isPending) {
    content = (
      <Stack gap="sm" aria-busy>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={52} radius="md" />
        ))}
      </Stack>
    );
  } else if (faq.isError && !data) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("faq.loadFailed")} role="alert">
        <Text size="sm">{parseApiError(faq.error, t).message}</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void faq.refetch()}>
          {t("faq.retry")}
        </Button>
      </Alert>
    );
  } else if (total === 0 && !query) {
    content = (
      <EmptyPanel
        icon={<IconMessageQuestion size={28} aria-hidden />}
        title={t("faq.empty.title")}
        description={t("faq.empty.description")}
        action={
          user?.isAdmin ? (
            <Button component={Link} to={paths.faqManage}>
              {t("faq.empty.adminAction")}
            </Button>
          ) : undefined
        }
      />
    );
  } else if (sections.length === 0) {
    content = (
      <EmptyPanel
        icon={<IconSearchOff size={28} aria-hidden />}
        title={query ? t("faq.noResults.title", { query }) : t("faq.noResults.categoryTitle")}
        description={query ? t("faq.noResults.description") : t("faq.noResults.categoryDescription")}
        action={
          query ? (
            <Button variant="default" onClick={clearSearch}>
              {t("faq.search.clear")}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    content = (
      <Stack gap="xl" style={{ opacity: faq.isFetching && faq.isPlaceholderData ? 0.6 : 1 }} data-testid="faq-sections">
        {popular.length > 0 && (
          <Stack gap="sm" component="section" aria-labelledby="faq-popular">
            <Title order={2} size="h4" id="faq-popular">
              {t("faq.popular")}
            </Title>
            <FaqQuestionList items={popular} headingLevel={3} onDemoLink={openDemo} testId="faq-popular" />
          </Stack>
        )}
        {sections.map((section) => (
          <Stack key={section.category.id} gap="sm" component="section" aria-labelledby={`faq-category-${section.category.key}`} data-testid={`faq-section-${section.category.key}`}>
            <Group gap="xs" wrap="nowrap">
              <CategoryIcon categoryKey={section.category.key} size={20} />
              <Title order={2} size="h4" id={`faq-category-${section.category.key}`}>
                {section.category.name}
              </Title>
            </Group>
            <FaqQuestionList items={section.items} headingLevel={3} showPopular onDemoLink={openDemo} />
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <>
      {header}
      <Stack gap="lg">
        <Stack gap="sm">
          <TextInput
            type="search"
            aria-label={t("faq.search.label")}
            placeholder={t("faq.search.placeholder")}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={typed ? <CloseButton size="sm" aria-label={t("faq.search.clear")} onClick={clearSearch} /> : null}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={200}
            size="md"
            data-testid="faq-search"
          />
          {query && data && (
            <Text size="sm" c="dimmed" role="status">
              {t("faq.search.results", { count: total })}
            </Text>
          )}
          {data && (
            <>
              <NativeSelect
                hiddenFrom="sm"
                aria-label={t("faq.categories.label")}
                value={knownCategory}
                onChange={(event) => setParam("category", event.currentTarget.value === ALL ? null : event.currentTarget.value)}
                data={[
                  { value: ALL, label: withCount(t("faq.categories.all"), total) },
                  ...categoryOptions.map((option) => ({ value: option.value, label: withCount(option.label, counts.get(option.id) ?? 0) })),
                ]}
              />
              <Chip.Group multiple={false} value={knownCategory} onChange={(value) => setParam("category", value === ALL ? null : value)}>
                <Group gap="xs" visibleFrom="sm" role="radiogroup" aria-label={t("faq.categories.label")} data-testid="faq-categories">
                  <Chip value={ALL} variant="light">
                    {t("faq.categories.all")}
                    <ChipCount count={total} />
                  </Chip>
                  {categoryOptions.map((option) => (
                    <Chip key={option.value} value={option.value} variant="light" icon={<CategoryIcon categoryKey={option.value} size={14} />}>
                      <bdi>{option.label}</bdi>
                      <ChipCount count={counts.get(option.id) ?? 0} />
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </>
          )}
        </Stack>
        {content}
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="faq-contact">
          <Group justify="space-between" gap="md" wrap="wrap">
            <Stack gap={4} style={{ minWidth: 0, flex: "1 1 260px" }}>
              <Title order={2} size="h5" id="faq-contact">
                {t("faq.contact.title")}
              </Title>
              <Text size="sm" c="dimmed">
                {t("faq.contact.description")}
              </Text>
            </Stack>
            <Group gap="sm">
              <Button component={Link} to={paths.createTicket} variant="default" leftSection={<IconTicket size={16} aria-hidden />}>
                {t("faq.contact.ticket")}
              </Button>
              <Button variant="light" leftSection={<IconPresentation size={16} aria-hidden />} onClick={openDemo}>
                {t("faq.contact.demo")}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
      <DemoRequestDialog
        opened={demoOpen}
        onClose={() => setDemoOpen(false)}
        products={productNames(data)}
        defaults={{ email: user?.email ?? "", name: user ? `${user.firstname} ${user.lastname}`.trim() : "" }}
      />
    </>
  );
}

export { FaqPage as Component };
