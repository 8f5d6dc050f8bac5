<?xml version="1.0"?>
<tileset name="c58"><tileset/><tileset firstgid="9" source="c59.tsx"/></tileset>
