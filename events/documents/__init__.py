"""The tournament's documents as the site serves them: the standings, cross table and players' pages, the
printed pack and the final report (``pack``), the workbooks and PDFs of a round or of the whole event
(``exports``); made from the protocols' read models and the PDF and workbook pieces of ``scoring.reports``."""
