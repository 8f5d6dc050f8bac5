<?xml version="1.0"?>
<tileset name="c93"><tileset/><tileset firstgid="9" source="c94.tsx"/></tileset>
