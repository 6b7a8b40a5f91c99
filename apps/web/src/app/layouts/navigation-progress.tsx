import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { NavigationPendingContext } from "../router-state";
import classes from "./navigation-progress.module.css";

/** A thin bar at the top while the next route's chunk loads. */
export function NavigationProgress() {
  const { t } = useTranslation();
  if (!useContext(NavigationPendingContext)) return null;
  return <div className={classes.bar} role="progressbar" aria-label={t("app.loading")} />;
}
