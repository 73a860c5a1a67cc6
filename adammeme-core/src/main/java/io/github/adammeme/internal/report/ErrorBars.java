package io.github.adammeme.internal.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.DoubleSupplier;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.CategoryItemRendererState;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.CategoryDataset;
import org.jspecify.annotations.Nullable;

/**
 * The 95% Wilson interval of each FR drawn over its bar or point. Most categories hold fewer than 30
 * samples, where an FR of 40% may well be 20% or 60%: a chart without the interval invites reading
 * chance as a difference. Wilson intervals are not symmetric, so JFreeChart's statistical renderers
 * (mean plus or minus a deviation) cannot draw them; these renderers draw the bar or point as usual
 * and then the interval's whisker.
 */
final class ErrorBars {

    private static final BasicStroke WHISKER = new BasicStroke(1.2f);
    private static final Color INK = new Color(40, 40, 40);

    /** Intervals by (series, category), in the chart's units. */
    private final Map<String, double[]> intervals = new HashMap<>();

    void put(Comparable<?> series, Comparable<?> category, double low, double high) {
        intervals.put(series + "\u0000" + category, new double[] {low, high});
    }

    /** The interval of an item that is drawn, else null. */
    private double @Nullable [] of(CategoryDataset data, int row, int column) {
        return data.getValue(row, column) == null
                ? null
                : intervals.get(data.getRowKey(row) + "\u0000" + data.getColumnKey(column));
    }

    /** Bars, each with its interval across its middle. */
    BarRenderer bars() {
        return new BarRenderer() {
            @Override
            public void drawItem(
                    Graphics2D g2,
                    CategoryItemRendererState state,
                    Rectangle2D dataArea,
                    CategoryPlot plot,
                    CategoryAxis domainAxis,
                    ValueAxis rangeAxis,
                    CategoryDataset dataset,
                    int row,
                    int column,
                    int pass) {
                super.drawItem(g2, state, dataArea, plot, domainAxis, rangeAxis, dataset, row, column, pass);
                whisker(
                        g2,
                        plot,
                        rangeAxis,
                        dataArea,
                        of(dataset, row, column),
                        state.getBarWidth() / 4,
                        () -> calculateBarW0(plot, plot.getOrientation(), dataArea, domainAxis, state, row, column)
                                + state.getBarWidth() / 2);
            }
        };
    }

    /** Points joined by lines, each with its interval. */
    LineAndShapeRenderer lines() {
        LineAndShapeRenderer renderer = new LineAndShapeRenderer(true, true) {
            @Override
            public void drawItem(
                    Graphics2D g2,
                    CategoryItemRendererState state,
                    Rectangle2D dataArea,
                    CategoryPlot plot,
                    CategoryAxis domainAxis,
                    ValueAxis rangeAxis,
                    CategoryDataset dataset,
                    int row,
                    int column,
                    int pass) {
                super.drawItem(g2, state, dataArea, plot, domainAxis, rangeAxis, dataset, row, column, pass);
                if (pass == 1) {
                    whisker(
                            g2,
                            plot,
                            rangeAxis,
                            dataArea,
                            of(dataset, row, column),
                            4,
                            () -> getUseSeriesOffset()
                                    ? domainAxis.getCategorySeriesMiddle(
                                            column,
                                            dataset.getColumnCount(),
                                            row,
                                            dataset.getRowCount(),
                                            getItemMargin(),
                                            dataArea,
                                            plot.getDomainAxisEdge())
                                    : domainAxis.getCategoryMiddle(
                                            column, dataset.getColumnCount(), dataArea, plot.getDomainAxisEdge()));
                }
            }
        };
        // Series side by side, so the whiskers of two series at one run do not cover each other.
        renderer.setUseSeriesOffset(true);
        renderer.setItemMargin(0.3);
        return renderer;
    }

    /** The interval's whisker across the item's middle, when the item has an interval. */
    private static void whisker(
            Graphics2D g2,
            CategoryPlot plot,
            ValueAxis rangeAxis,
            Rectangle2D dataArea,
            double @Nullable [] interval,
            double cap,
            DoubleSupplier middle) {
        if (interval == null) {
            return;
        }
        double at = middle.getAsDouble();
        double low = rangeAxis.valueToJava2D(interval[0], dataArea, plot.getRangeAxisEdge());
        double high = rangeAxis.valueToJava2D(interval[1], dataArea, plot.getRangeAxisEdge());
        g2.setStroke(WHISKER);
        g2.setPaint(INK);
        boolean vertical = Objects.equals(plot.getOrientation(), PlotOrientation.VERTICAL);
        g2.draw(vertical ? new Line2D.Double(at, low, at, high) : new Line2D.Double(low, at, high, at));
        for (double end : new double[] {low, high}) {
            g2.draw(
                    vertical
                            ? new Line2D.Double(at - cap, end, at + cap, end)
                            : new Line2D.Double(end, at - cap, end, at + cap));
        }
    }
}
