// Members club: points issued by source and redeemed ('points.issued' / 'points.spent' / 'points.refunded',
// written with every ledger entry), redemptions by reward and by status ('redemption.item' /
// 'redemption.status'), coupon claims ('coupon.claimed') and gift picks ('gift.picked'); the redemptions
// waiting now from the redemptions themselves (one indexed count).
#include "reports/report.hpp"
#include "reports/reports.hpp"

namespace shopfloor::reports {

namespace json = boost::json;

namespace {

std::map<std::string, std::string> titles(db::Connection& c, const std::string& table) {
  std::map<std::string, std::string> out;
  for (const auto& r : c.query("SELECT id, title FROM " + table).rows) out[r.str(0)] = r.str(1);
  return out;
}

std::string label(const std::map<std::string, std::string>& names, const std::string& id) {
  if (id.empty()) return "-";
  auto it = names.find(id);
  return it != names.end() ? it->second : id;
}

double d(std::int64_t v) {
  return static_cast<double>(v);
}

// Points redeemed: spent on rewards less what rejected or cancelled redemptions gave back.
std::int64_t redeemed(db::Connection& c, const Filter& f) {
  std::int64_t spent = 0;
  for (const auto& s : sum(c, "points.spent", f, "key"))
    if (s.group == "redemption") spent = s.total;
  return spent - total(c, "points.refunded", f).total;
}

}  // namespace

Report club_report(db::Connection& c, const Filter& f, std::int64_t) {
  Report r;
  auto prev = f.previous();
  // The range's totals add up the tables' rows (one read per metric); the previous period's are one sum each.
  auto issued_keys = sum(c, "points.issued", f, "key"), item_keys = sum(c, "redemption.item", f, "key"),
       coupon_keys = sum(c, "coupon.claimed", f, "key"), gift_keys = sum(c, "gift.picked", f, "key");
  auto issued = add_up(issued_keys), items = add_up(item_keys), coupons = add_up(coupon_keys),
       gifts = add_up(gift_keys);
  auto issued_before = total(c, "points.issued", prev), items_before = total(c, "redemption.item", prev),
       coupons_before = total(c, "coupon.claimed", prev), gifts_before = total(c, "gift.picked", prev);
  std::vector<db::Value> params;
  std::string where = f.where_user("u", params);
  auto pending = c.exec(
                      "SELECT COUNT(*) FROM redemptions d JOIN users u ON u.id = d.user_id WHERE d.status = "
                      "'pending'" +
                          where,
                      params)
                     .first()
                     ->i64(0);
  r.figures = {
      {"pointsIssued", d(issued.total), d(issued_before.total), "points", ""},
      {"pointsRedeemed", d(redeemed(c, f)), d(redeemed(c, prev)), "points", ""},
      {"redemptions", d(items.n), d(items_before.n), "", "/admin/redeem/redemptions"},
      {"pendingNow", d(pending), std::nullopt, "", "/admin/redeem/redemptions?status=pending"},
      {"couponClaims", d(coupons.n), d(coupons_before.n), "", "/admin/coupons"},
      {"giftPicks", d(gifts.n), d(gifts_before.n), "", "/admin/gifts"},
  };

  // Per day: points issued and redeemed (net of refunds).
  Chart daily{"daily", "line", {}, {{"pointsIssued", {}}, {"pointsRedeemed", {}}}};
  auto issued_days = sum(c, "points.issued", f, "day");
  std::vector<std::int64_t> spent_days(static_cast<std::size_t>(f.days()), 0);
  {
    std::vector<db::Value> p{std::string("points.spent")};
    std::string w = f.where("r", p);
    for (const auto& row :
         c.exec("SELECT r.day, SUM(r.total) FROM report_counts r WHERE r.metric = $1 AND r.key = "
                "'redemption'" +
                    w + " GROUP BY r.day",
                p)
             .rows)
      spent_days[static_cast<std::size_t>(row.i64(0) - f.from)] += row.i64(1);
  }
  auto refunded_days = sum(c, "points.refunded", f, "day");
  for (std::size_t i = 0; i < issued_days.size(); ++i) {
    daily.x.push_back(issued_days[i].group);
    daily.series[0].values.push_back(d(issued_days[i].total));
    daily.series[1].values.push_back(d(spent_days[i] - refunded_days[i].total));
  }
  r.charts.push_back(std::move(daily));

  // Points issued by the ledger's source type (course, exam, event, game, story, manual...).
  Chart sources{"pointsBySource", "pie", {}, {{"points", {}}}};
  Table by_source{
      "pointsBySource",
      {{"source", "Source", "text"}, {"entries", "Entries", "number"}, {"points", "Points", "number"}},
      {},
      {}};
  for (const auto& s : issued_keys) {
    sources.x.push_back(s.group);
    sources.series[0].values.push_back(d(s.total));
    by_source.rows.push_back({json::value(s.group), s.n, s.total});
  }
  r.charts.push_back(std::move(sources));

  // Redemptions by status: how many reached each status in the period.
  Chart statuses{"redemptionsByStatus", "bar", {}, {{"redemptions", {}}}};
  Table by_status{"redemptionsByStatus",
                  {{"status", "Status", "text"}, {"redemptions", "Redemptions", "number"}},
                  {},
                  {}};
  for (const auto& s : sum(c, "redemption.status", f, "key")) {
    statuses.x.push_back(s.group);
    statuses.series[0].values.push_back(d(s.n));
    by_status.rows.push_back({json::value(s.group), s.n});
    by_status.links.push_back("/admin/redeem/redemptions?status=" + s.group);
  }
  r.charts.push_back(std::move(statuses));

  auto rewards = titles(c, "rewards");
  Table by_item{"redemptionsByItem",
                {{"reward", "Reward", "text"},
                 {"redemptions", "Redemptions", "number"},
                 {"points", "Points", "number"}},
                {},
                {}};
  for (const auto& s : item_keys) {
    by_item.rows.push_back({json::value(label(rewards, s.group)), s.n, s.total});
    by_item.links.push_back("/admin/redeem/redemptions?reward=" + s.group);
  }

  auto batches = titles(c, "coupon_batches");
  Table by_coupon{"couponClaims", {{"coupon", "Coupon", "text"}, {"claims", "Claims", "number"}}, {}, {}};
  for (const auto& s : coupon_keys) {
    by_coupon.rows.push_back({json::value(label(batches, s.group)), s.n});
    by_coupon.links.push_back("/admin/coupons/" + s.group);
  }

  // Gift picks by option (net: a changed pick moved from one option to another), with the option's period.
  std::map<std::string, std::pair<std::string, std::string>> options;  // option -> (title, period)
  for (const auto& row :
       c.query("SELECT o.id, o.title, p.id, p.name FROM gift_options o JOIN gift_periods p ON "
               "p.id = o.period_id")
           .rows)
    options[row.str(0)] = {row.str(1) + " (" + row.str(3) + ")", row.str(2)};
  Table by_gift{"giftPicks", {{"gift", "Gift", "text"}, {"picks", "Picks", "number"}}, {}, {}};
  for (const auto& s : gift_keys) {
    auto it = options.find(s.group);
    by_gift.rows.push_back({json::value(it != options.end() ? it->second.first : s.group), s.n});
    by_gift.links.push_back(it != options.end() ? "/admin/gifts/" + it->second.second : "");
  }

  r.tables.push_back(std::move(by_source));
  r.tables.push_back(std::move(by_item));
  r.tables.push_back(std::move(by_status));
  r.tables.push_back(std::move(by_coupon));
  r.tables.push_back(std::move(by_gift));
  return r;
}

}  // namespace shopfloor::reports
