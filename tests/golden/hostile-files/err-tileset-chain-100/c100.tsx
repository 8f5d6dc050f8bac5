<?xml version="1.0"?>
<tileset name="c100"><tileset/><tileset firstgid="9" source="c101.tsx"/></tileset>
